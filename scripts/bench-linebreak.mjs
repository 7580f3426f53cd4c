#!/usr/bin/env node
/**
 * Micro-benchmark of line-break opportunity finding: the WASM kernel vs its TS twin, and vs the
 * `linebreak` npm package (the UAX #14 implementation pdfkit and react-pdf use), on a few MB of
 * synthetic mixed business text (English prose with figures, dates, parentheses, quotes, URLs and
 * e-mail addresses; German and French paragraphs; some Japanese and Chinese; emoji), split into
 * paragraphs as layout calls it. Deterministic: a fixed-seed generator, no I/O.
 *
 * Run: node scripts/bench-linebreak.mjs [megabytes=4]
 * Or import { benchLineBreak } and call it: returns the figures and prints nothing.
 * MB/s counts the paragraphs' UTF-8 bytes (1e6 bytes per MB); Mcu/s counts UTF-16 code units.
 */
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

const VOCABULARY = (
  'the of and to in a for is on that by this with you it not or be are from at as your all have ' +
  'new more an was we will home can us about if page my has search free but our one other do no ' +
  'information time they site he up may what which their news out use any there see only so his ' +
  'when contact here business who also now help get view online first been would how were services ' +
  'some these click its like service than find price date back top people had list name just over ' +
  'state year day into email two health world next used go work last most products music buy data ' +
  'make them should product system post her city add policy number such please available copyright ' +
  'support message after best software then jan good video well where info rights public books high ' +
  'school through each links she review years order very privacy book items company read group need ' +
  'many user said does set under general research university january mail full map reviews program ' +
  'life know games way days management part could great united hotel real item international center ' +
  'ebay must store travel comments made development report off member details line terms before ' +
  'agreement invoice supplier liability indemnification termination warranty shall party parties'
).split(' ');
const FIGURES = ['$1,234.56', '€ 2.500,00', '12.5%', '(see §4.2)', '2024-05-01', '15 March 2024',
  '+1 (555) 010-2030', 'No. 42', '3.1415', '1/2', '10–20', '“approved”', '"Draft"', '(e.g.)', 'i.e.,',
  'https://example.com/contracts/2024/q1?id=77', 'legal@example.com', 'well-known', 'co-operate',
  'A4', '100\u00a0km', 'ISO\u00a09001', 'Q3/2024', '#12', '50°C', 'US$3.2bn', '20\u202f%'];
const GERMAN = 'Die Vertragsparteien vereinbaren, dass sämtliche Änderungen schriftlich erfolgen müssen ' +
  'und die Gewährleistung für Mängel gemäß §\u00a0437 BGB ausgeschlossen ist.';
const FRENCH = 'Le fournisseur s’engage à livrer les marchandises « conformément » aux spécifications ; ' +
  'toute réclamation doit être adressée dans un délai de 8\u00a0jours.';
const JAPANESE = '本契約の当事者は、以下のとおり合意する。第１条（目的）本契約は、甲が乙に対し業務を委託することを目的とする。';
const CHINESE = '双方经友好协商，就合作事宜达成如下协议：甲方应于２０２４年３月１日前支付全部款项。';
const EMOJI = ['👍', '👍🏽', '🇩🇪', '👩‍💻', '✅'];

/** Deterministic PRNG (mulberry32). */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function englishParagraph(rnd) {
  const sentences = 2 + Math.floor(rnd() * 6);
  let p = '';
  for (let s = 0; s < sentences; s++) {
    const words = 8 + Math.floor(rnd() * 18);
    for (let w = 0; w < words; w++) {
      let word = rnd() < 0.08 ? FIGURES[Math.floor(rnd() * FIGURES.length)] : VOCABULARY[Math.floor(rnd() * VOCABULARY.length)];
      if (w === 0) word = word.charAt(0).toUpperCase() + word.slice(1);
      if (rnd() < 0.01) word += ' ' + EMOJI[Math.floor(rnd() * EMOJI.length)];
      p += word + (w === words - 1 ? '' : rnd() < 0.07 ? ', ' : rnd() < 0.02 ? '\t' : ' ');
    }
    p += rnd() < 0.9 ? '. ' : '? ';
  }
  return p.trimEnd();
}

/** Builds about `megabytes` of mixed business text as paragraphs (UTF-8 size). */
export function makeBusinessCorpus(megabytes = 4, seed = 20240501) {
  const rnd = prng(seed);
  const paragraphs = [];
  let bytes = 0;
  const encoder = new TextEncoder();
  while (bytes < megabytes * 1e6) {
    const r = rnd();
    const p = r < 0.86 ? englishParagraph(rnd) : r < 0.9 ? GERMAN : r < 0.94 ? FRENCH : r < 0.97 ? JAPANESE : CHINESE;
    paragraphs.push(p);
    bytes += encoder.encode(p).length;
  }
  return { paragraphs, bytes, codeUnits: paragraphs.reduce((n, p) => n + p.length, 0) };
}

function timeBest(fn, rounds) {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/**
 * Measures kernel and twin on the corpus (best of `rounds`); returns MB/s, Mcu/s and their ratio.
 * Needs the tsx loader (registered by this module) to import the TypeScript engine files.
 */
export async function benchLineBreak({ megabytes = 4, rounds = 8 } = {}) {
  const unregister = register();
  try {
    const kernel = await import('../engine/layout/kernel.ts');
    const twin = await import('../engine/layout/linebreak-twin.ts');
    const corpus = makeBusinessCorpus(megabytes);
    const whole = corpus.paragraphs.join('\n');
    const run = (f) => () => { for (const p of corpus.paragraphs) f(p); };
    kernel.findBreakOpportunities('warm up');
    const rate = (ms) => ({ ms, mbPerS: corpus.bytes / 1e3 / ms, mcuPerS: corpus.codeUnits / 1e3 / ms });
    const kernelMs = timeBest(run(kernel.findBreakOpportunities), rounds);
    const wholeMs = timeBest(() => kernel.findBreakOpportunities(whole), rounds);
    const twinMs = timeBest(run(twin.findBreakOpportunitiesTwin), Math.min(rounds, 2));
    const { default: LineBreaker } = await import('linebreak');
    const linebreakPackage = (p) => {
      const breaker = new LineBreaker(p);
      while (breaker.nextBreak()) { /* walk every opportunity */ }
    };
    const packageMs = timeBest(run(linebreakPackage), Math.min(rounds, 2));
    return {
      corpus: { bytes: corpus.bytes, codeUnits: corpus.codeUnits, paragraphs: corpus.paragraphs.length },
      kernel: rate(kernelMs),
      kernelWholeText: rate(wholeMs),
      twin: rate(twinMs),
      linebreakPackage: rate(packageMs),
      speedup: twinMs / kernelMs,
      speedupOverPackage: packageMs / kernelMs,
      kernelInfo: kernel.kernelInfo(),
    };
  } finally {
    await unregister();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const megabytes = Number(process.argv[2] ?? 4) || 4;
  const r = await benchLineBreak({ megabytes });
  const line = (name, x) => `${name.padEnd(22)} ${x.mbPerS.toFixed(1).padStart(7)} MB/s ${x.mcuPerS.toFixed(1).padStart(7)} Mcu/s ${x.ms.toFixed(1).padStart(8)} ms`;
  console.log(`corpus: ${(r.corpus.bytes / 1e6).toFixed(2)} MB UTF-8, ${r.corpus.codeUnits} code units, ${r.corpus.paragraphs} paragraphs`);
  console.log(line('kernel (per paragraph)', r.kernel));
  console.log(line('kernel (whole text)', r.kernelWholeText));
  console.log(line('twin (per paragraph)', r.twin));
  console.log(line('npm linebreak 1.1', r.linebreakPackage));
  console.log(`kernel/twin speed-up: ${r.speedup.toFixed(1)}x, kernel/linebreak: ${r.speedupOverPackage.toFixed(1)}x  (wasm ${r.kernelInfo.wasmBytes} bytes, active: ${r.kernelInfo.active})`);
}
