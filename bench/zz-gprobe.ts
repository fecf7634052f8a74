import inspector from 'node:inspector/promises';
import fs from 'node:fs';
import { startFakeGoogle } from '../server/test/fakes/google/server';
import { connectGoogle } from '../server/test/google';
import { createTestApp, createUser } from '../server/test/test-app';
import { openBenchEmbedded } from './harness';

async function main() {
  const database = await openBenchEmbedded();
  const google = await startFakeGoogle();
  const { app, close } = await createTestApp({ database: database.handle, env: { ...google.env, PUBLIC_URL: 'http://relate.test', API_RATE_LIMIT_PER_MINUTE: '100000000' } });
  const sub = '100000000000000088888';
  google.fake.addAccount({ sub, email: 'bench@gmail.example', name: 'Bench Book' });
  for (let i = 0; i < 10000; i++) google.fake.addContact(sub, { names: [{ givenName: `G${i}`, familyName: 'Bench' }], emailAddresses: [{ value: `g${i}@bench.example`, type: 'work' }], phoneNumbers: [{ value: `+1 555 ${String(i).padStart(7, '0')}`, type: 'mobile' }], organizations: [{ name: `Co ${i % 50}`, title: 'Buyer' }] });
  const DAY = 86400000; const today = Math.floor(Date.now() / DAY) * DAY;
  for (let i = 0; i < 2000; i++) { const start = new Date(today + (1 + (i % 60)) * DAY + (8 + (i % 9)) * 3600000); google.fake.calendar.addEvent(sub, { summary: `Bench event ${i}`, start: { dateTime: start.toISOString(), timeZone: 'UTC' }, end: { dateTime: new Date(start.getTime() + 3600000).toISOString(), timeZone: 'UTC' } }); }
  const user = await createUser(app);
  await connectGoogle(app, google.fake, user, sub);
  const session = new inspector.Session(); session.connect();
  await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const t0 = process.hrtime.bigint();
  const gaps: [number, number][] = []; let last = performance.now(); const base = performance.now();
  const timer = setInterval(() => { const now = performance.now(); if (now - last > 40) gaps.push([last - base, now - base]); last = now; }, 2);
  const which = process.argv[2] ?? 'both';
  const nouns = which === 'both' ? ['contacts', 'calendar'] : [which];
  const started = performance.now();
  const answers = await Promise.all(nouns.map((noun) => app.inject({ method: 'GET', url: `/api/auth/google/${noun}?preview=true`, headers: user.headers })));
  console.log('preview', (performance.now() - started).toFixed(0), 'ms', answers.map((a) => a.statusCode));
  clearInterval(timer);
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync('/tmp/prof/g.cpuprofile', JSON.stringify(profile));
  fs.writeFileSync('/tmp/prof/gaps.json', JSON.stringify({ gaps, t0: Number(t0 / 1000n), startTime: profile.startTime, base }));
  console.log('gaps', gaps.map(([a, b]) => `${a.toFixed(0)}+${(b - a).toFixed(0)}`).join(' '));
  await close(); await google.close(); await database.dispose();
}
main();
