/** The layering of docs/architecture.md's folder table, checked on every build (npm run lint:imports). */
const code = '^(domain|infra|workflows|projections|api|ops|web/src)/';
// Tests beside the code may reach across layers to wire a real integration; the code itself may not.
const TEST = '\\.test\\.tsx?$';
module.exports = {
  forbidden: [
    { name: 'no-cycle', severity: 'error', comment: 'A cycle makes two modules one; break it with a port or by moving the shared part down.', from: { path: code }, to: { circular: true } },
    { name: 'domain-is-pure', severity: 'error', comment: 'domain/ imports nothing of ours outside itself.', from: { path: '^domain/', pathNot: TEST }, to: { path: '^(infra|workflows|projections|api|ops|web|tests)/' } },
    { name: 'infra-below-the-rest', severity: 'error', comment: 'infra/ adapters import only domain/.', from: { path: '^infra/', pathNot: TEST }, to: { path: '^(workflows|projections|api|ops|web)/' } },
    { name: 'projections-below-workflows-and-api', severity: 'error', comment: 'projections/ import domain/ and infra/ only.', from: { path: '^projections/', pathNot: TEST }, to: { path: '^(workflows|api|ops|web)/' } },
    { name: 'workflows-below-api', severity: 'error', comment: 'workflows/ import domain/ and infra/ (activities), never the API, read models or ops.', from: { path: '^workflows/', pathNot: TEST }, to: { path: '^(api|projections|ops|web)/' } },
    { name: 'workflow-definitions-deterministic', severity: 'error', comment: 'A workflow definition runs in the deterministic sandbox: domain/ and its own package only; I/O belongs in activities.', from: { path: '^workflows/[^/]+/workflow\\.ts$' }, to: { path: '^(infra|projections|api|ops|web)/' } },
    { name: 'api-uses-workflow-clients', severity: 'error', comment: 'The API starts, signals and queries workflows through their client and shared types, never their activities or definitions.', from: { path: '^api/', pathNot: TEST }, to: { path: '^workflows/[^/]+/(activities|workflow|worker)' } },
    { name: 'api-below-ops', severity: 'error', comment: 'The API never imports start scripts or the operator CLI.', from: { path: '^api/', pathNot: TEST }, to: { path: '^(ops|web)/' } },
    { name: 'ops-cli-not-through-routes', severity: 'error', comment: 'The operator CLI uses workflow clients and read models, never a route module.', from: { path: '^ops/', pathNot: TEST }, to: { path: '^api/routes/' } },
    { name: 'web-own-code', severity: 'error', comment: 'The web imports its own code and domain/ schemas only.', from: { path: '^web/', pathNot: TEST }, to: { path: '^(infra|workflows|projections|api|ops|tests)/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|web/dist|data|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
