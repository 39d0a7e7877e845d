// The operations page's first section: what this server can do now (GET /api/capabilities) and,
// for each thing that is off, the settings that turn it on. Creators see only the plain reason;
// the setting names are for operators.
import { Tag } from 'primereact/tag';
import { CAPABILITY_IDS, CAPABILITY_SETTINGS, type CapabilityReport } from '../../../../../domain/platform/capabilities';

export function ServerCapabilities({ capabilities }: { capabilities: CapabilityReport }) {
  return (
    <div className="operations__table-scroll">
      <table className="data-table-plain" aria-label="What this server can do">
        <thead>
          <tr>
            <th scope="col">Capability</th>
            <th scope="col">Now</th>
            <th scope="col">Turned on by</th>
          </tr>
        </thead>
        <tbody>
          {CAPABILITY_IDS.map((id) => {
            const capability = capabilities[id];
            return (
              <tr key={id}>
                <td>
                  {capability.name} <code>{id}</code>
                </td>
                <td>{capability.available ? <Tag severity="success" value="On" /> : <Tag severity="secondary" value="Off" />}</td>
                <td>{capability.available ? '' : CAPABILITY_SETTINGS[id]}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
