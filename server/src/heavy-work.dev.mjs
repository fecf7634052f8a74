// Worker entry when the server runs from its TypeScript sources (tests, `npm run dev`): loads tsx, then
// the tasks. The built server runs heavy-work.js, compiled by scripts/build-server.mjs, instead.
import { register } from 'tsx/esm/api';

register();
const { default: run } = await import('./heavy-work.ts');
export default run;
