import { analysePcm, melodicDescriptor, querySummaries, timedQuerySummaries } from '../../infra/audio/descriptors';
import { DescriptorShortlist } from '../../infra/audio/descriptor-shortlist';
import { decodeForFingerprint, fingerprintQueryPcm } from '../../infra/audio/fingerprint';
import { FingerprintIndex } from '../../infra/audio/fingerprint-index';
import { postgresDb } from '../../infra/db/db';
import { loadCorpus } from '../corpus/corpus';
const db = postgresDb('postgres://goose:goose@127.0.0.1:5432/h5_bench200k');
const s = DescriptorShortlist.of(db) as any;
await s.sync(db);
const corpus = (await loadCorpus()).filter((p) => p.durationSeconds >= 180).slice(0, 6);
const ups = [];
for (const p of corpus) {
  const pcm = (await decodeForFingerprint(p.file)).subarray(0, 180 * 11025);
  const a = analysePcm(pcm); const m = melodicDescriptor(a);
  ups.push({ fp: fingerprintQueryPcm(pcm), q: { summaries: querySummaries(a, m), timedSummaries: timedQuerySummaries(m) } });
}
const idx = new FingerprintIndex(db);
const times: Record<string, number[]> = {};
for (const name of ['catchUp', 'best', 'rankExactly']) {
  const orig = s[name].bind(s);
  s[name] = async (...args: unknown[]) => { const t0 = performance.now(); const r = await orig(...args); (times[name] ??= []).push(performance.now() - t0); return r; };
}
const tot: number[] = []; const fpT: number[] = [];
for (let i = 0; i < 30; i++) {
  const u = ups[i % ups.length]!;
  const t = performance.now();
  await Promise.all([idx.lookup(u.fp).then(() => fpT.push(performance.now() - t)), s.nearest(db, u.q, 'x', 20)]);
  tot.push(performance.now() - t);
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(1);
const p95 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.95)]!.toFixed(1);
console.log('total', med(tot), p95(tot), 'fp', med(fpT), p95(fpT));
for (const [k, v] of Object.entries(times)) console.log(k, med(v), p95(v));
process.exit(0);
