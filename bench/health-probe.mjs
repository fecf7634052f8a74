// Asks `${base}/api/health` every `every` ms until its stdin closes, then prints the latencies (ms) as
// JSON. A process of its own, so that what the benchmark's process does meanwhile (a fake Google
// rendering pages, an upload being written) does not delay the probe's own timing.
const [base, every = '20'] = process.argv.slice(2);
const samples = [];
let running = true;
process.stdin.on('end', () => {
  running = false;
});
process.stdin.resume();
while (running) {
  const start = performance.now();
  try {
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    samples.push(response.ok ? performance.now() - start : null);
  } catch {
    samples.push(null);
  }
  await new Promise((resolve) => setTimeout(resolve, Number(every)));
}
process.stdout.write(JSON.stringify(samples));
