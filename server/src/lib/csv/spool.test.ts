import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { removeStaleUploads, spoolToTempFile } from './spool';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('spoolToTempFile', () => {
  it('writes the upload to a private file, reads it back as often as asked, and removes it', async () => {
    const csv = `First,Last\n${'Ada,Lovelace\n'.repeat(20_000)}`;
    const spooled = await spoolToTempFile(
      Readable.from([Buffer.from(csv.slice(0, 100)), Buffer.from(csv.slice(100))]),
    );
    expect(spooled.bytes).toBe(Buffer.byteLength(csv));
    expect(await text(spooled.open())).toBe(csv);
    const halfRead = spooled.open();
    await new Promise((resolve) => halfRead.once('readable', resolve));
    const file = (halfRead as fs.ReadStream).path as string;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    await spooled.dispose();
    expect(halfRead.destroyed).toBe(true);
    expect(fs.existsSync(path.dirname(file))).toBe(false);
    await spooled.dispose();
  });

  it('leaves nothing behind when the upload breaks off', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-spool-test-'));
    try {
      const broken = new Readable({
        read() {
          this.push('a,b\n');
          this.destroy(new Error('client went away'));
        },
      });
      await expect(spoolToTempFile(broken, parent)).rejects.toThrow('client went away');
      expect(fs.readdirSync(parent)).toEqual([]);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('removeStaleUploads', () => {
  it("removes the folders of dead processes and keeps a live process's upload", async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-stale-'));
    const dead = path.join(parent, 'relate-upload-2147483646-abc123');
    fs.mkdirSync(dead);
    fs.writeFileSync(path.join(dead, 'upload'), 'half an upload');
    const live = await spoolToTempFile(Readable.from([Buffer.from('a,b')]), parent);
    fs.mkdirSync(path.join(parent, 'unrelated'));

    expect(await removeStaleUploads(parent)).toEqual(['relate-upload-2147483646-abc123']);
    expect(fs.existsSync(dead)).toBe(false);
    expect(await text(live.open())).toBe('a,b');
    expect(fs.existsSync(path.join(parent, 'unrelated'))).toBe(true);
    await live.dispose();
    fs.rmSync(parent, { recursive: true });
  });

  it('removes the folders of an earlier run that had this PID (PID 1 in a container), keeping its own', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'relate-stale-'));
    const earlierRuns = [
      `relate-upload-${process.pid}-0123456789abcdef-abc123`,
      `relate-upload-${process.pid}-abc123`, // named before boot ids
    ];
    for (const name of earlierRuns) fs.mkdirSync(path.join(parent, name));
    const live = await spoolToTempFile(Readable.from([Buffer.from('a,b')]), parent);

    expect((await removeStaleUploads(parent)).sort()).toEqual([...earlierRuns].sort());
    expect(await text(live.open())).toBe('a,b');
    await live.dispose();
    expect(fs.readdirSync(parent)).toEqual([]);
    fs.rmSync(parent, { recursive: true });
  });
});
