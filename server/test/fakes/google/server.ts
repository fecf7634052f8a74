import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeGoogle } from './fake-google';

export interface RunningFakeGoogle {
  fake: FakeGoogle;
  url: string;
  /** Environment that points Relate at this fake. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts the fake Google on 127.0.0.1 (port 0: any free port). */
export async function startFakeGoogle(
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<RunningFakeGoogle> {
  const fake = new FakeGoogle(options);
  await fake.init();
  const server = createServer((request, response) => {
    fake.handle(request, response).catch((error) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 500, message: String(error), status: 'INTERNAL' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  return {
    fake,
    url,
    env: {
      GOOGLE_CLIENT_ID: fake.clientId,
      GOOGLE_CLIENT_SECRET: fake.clientSecret,
      GOOGLE_OAUTH_BASE_URL: url,
      GOOGLE_API_BASE_URL: url,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
