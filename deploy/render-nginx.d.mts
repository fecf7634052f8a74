export function renderNginx(options: {
  listen?: string | number;
  ports: number[];
  host?: string;
  serverName?: string;
  maxFails?: number;
  failTimeout?: string;
}): string;
