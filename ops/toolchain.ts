// npm run toolchain: installs the pinned Temporal CLI and ffmpeg into .tools/ when this machine has
// none (infra/toolchain). `npm start` does the same for itself; `npm test` runs this first, so the
// suites and journeys find both on a machine with only Node.js and Python.
import { logger } from '../infra/logger/logger';
import { ensureToolchain } from '../infra/toolchain/ensure';
import { ToolInstallError } from '../infra/toolchain/pinned-tools';

ensureToolchain({ temporal: true, ffmpeg: true }).then(
  ({ installed }) => {
    if (installed.length === 0) logger.info('the Temporal CLI and ffmpeg are already on this machine: nothing installed');
  },
  (error: unknown) => {
    if (error instanceof ToolInstallError) logger.fatal(error.message);
    else logger.fatal({ err: error }, 'the toolchain could not be installed');
    process.exitCode = 1;
  },
);
