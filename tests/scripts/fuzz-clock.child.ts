/**
 * A stand-in for the campaign's child (scripts/fuzz/worker.ts) in tests/scripts/fuzz-clock.test.ts:
 * target 'sleep' waits `bytes[0]` tenths of a second without working, 'spin' works that long.
 */
process.on('message', (m: { id: number; target: string; bytes: Uint8Array }) => {
  const ms = (m.bytes[0] ?? 0) * 100;
  const answer = () => process.send!({ id: m.id, status: 'ok', codes: [], ms });
  if (m.target === 'sleep') setTimeout(answer, ms);
  else {
    const end = performance.now() + ms;
    let x = 0;
    while (performance.now() < end) x += Math.sqrt(x + 1);
    answer();
  }
});
process.send!({ id: -1, status: 'ok', codes: [], ms: 0 });
