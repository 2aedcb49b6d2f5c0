// Runs the verifier page's own script (fair/verify.html, read from the page,
// not copied) under node against every vector of testdata/fair/vectors.json:
// commitment, key, first words, deck, the rejection cases, and the page's
// verdicts on true, tampered and malformed rounds; and against every
// transcript of fair/testdata/verdicts.json, which must get the verdict Go
// gives it. Exits 1 on any failure.
//
//   node scripts/fairpage/node-test.mjs
import { readFileSync } from "node:fs";

const root = new URL("../../", import.meta.url);
const html = readFileSync(new URL("fair/verify.html", root), "utf8");
const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
if (scripts.length !== 1) throw new Error(`verify.html has ${scripts.length} inline scripts, want 1`);
const FairDeal = new Function(scripts[0][1] + "\nreturn FairDeal;")();

// With a file of cases ([{input_base64, commitment, verdict}], as fair's
// TestVerdictsMutated writes them), check only those and say which differ.
if (process.argv[2] !== undefined) {
  let bad = 0;
  const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
  for (const c of cases) {
    const r = await FairDeal.verifyBytes(Buffer.from(c.input_base64 ?? "", "base64"), c.commitment || "");
    if (r.verdict !== c.verdict) {
      bad++;
      console.log(`FAIL ${JSON.stringify(Buffer.from(c.input_base64 ?? "", "base64").toString("latin1"))}: ${r.verdict}, want ${c.verdict}: ${r.message}`);
    }
  }
  console.log(`${cases.length - bad} of ${cases.length} cases agree`);
  process.exit(bad === 0 ? 0 : 1);
}
const file = JSON.parse(readFileSync(new URL("testdata/fair/vectors.json", root), "utf8"));

let failures = 0, checks = 0;
function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    console.log("FAIL " + what);
  }
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

for (const v of file.vectors) {
  const seed = FairDeal.hexToBytes(v.server_seed, "server seed");
  const nonce = BigInt(v.nonce);
  check(await FairDeal.sha256Hex(seed) === v.commitment, `${v.name}: commitment`);
  const key = await FairDeal.roundKey(seed, v.client_seeds, nonce, v.n);
  check(FairDeal.bytesToHex(key) === v.key, `${v.name}: key`);
  const next = await FairDeal.words(key);
  const words = [];
  for (let i = 0; i < v.words.length; i++) words.push((await next()).toString(16).padStart(16, "0"));
  check(same(words, v.words), `${v.name}: words`);
  const deck = await FairDeal.deal(seed, v.client_seeds, nonce, v.n);
  check(same(deck, v.deck), `${v.name}: deck`);

  // The page's verdicts, from the same text fields a player fills in.
  const fields = { commitment: v.commitment, serverSeed: v.server_seed, clientSeeds: v.client_seeds, nonce: v.nonce, n: String(v.n) };
  let r = await FairDeal.verify(fields);
  check(r.verdict === "pass" && same(r.deck, v.deck), `${v.name}: verdict without a deck: ${r.verdict} ${r.message}`);
  r = await FairDeal.verify({ ...fields, deck: v.deck.join(" ") });
  check(r.verdict === "pass", `${v.name}: verdict with the deck: ${r.verdict} ${r.message}`);
  if (v.n % 52 === 0) {
    r = await FairDeal.verify({ ...fields, deck: v.deck.map(FairDeal.label).join(" ") });
    check(r.verdict === "pass", `${v.name}: verdict with the deck's labels: ${r.verdict} ${r.message}`);
  }
  if (v.n > 1) {
    const swapped = v.deck.slice();
    [swapped[0], swapped[v.n - 1]] = [swapped[v.n - 1], swapped[0]];
    r = await FairDeal.verify({ ...fields, deck: swapped.join(",") });
    check(r.verdict === "fail" && same(r.differs, [0, v.n - 1]) && r.message.includes("differs at 2 of its"), `${v.name}: a swapped deck must fail: ${r.verdict} ${r.message}`);
  }
  const other = v.server_seed.slice(0, 63) + (v.server_seed[63] === "0" ? "1" : "0");
  r = await FairDeal.verify({ ...fields, serverSeed: other });
  check(r.verdict === "fail" && r.message.includes("commitment is not the SHA-256"), `${v.name}: another seed must fail: ${r.verdict}`);
  r = await FairDeal.verify({ ...fields, nonce: String(nonce === 0n ? 1n : nonce - 1n), deck: v.deck.join(" ") });
  check(v.n === 1 || r.verdict === "fail", `${v.name}: another nonce must fail: ${r.verdict}`);
}

for (const b of file.below) {
  const words = b.words.map((w) => BigInt("0x" + w));
  let used = 0;
  const value = await FairDeal.below(BigInt(b.m), async () => words[used++]);
  check(value.toString() === b.value && used === b.words_used, `below ${b.m} ${b.words}: ${value} after ${used} words`);
}

// Malformed input is an error, never a verdict.
const v0 = file.vectors[0];
const good = { commitment: v0.commitment, serverSeed: v0.server_seed, clientSeeds: v0.client_seeds, nonce: "0", n: "52" };
for (const [what, bad] of [
  ["a short seed", { serverSeed: v0.server_seed.slice(2) }],
  ["a commitment with a non-hex digit", { commitment: "g" + v0.commitment.slice(1) }],
  ["no client seed", { clientSeeds: [] }],
  ["a negative nonce", { nonce: "-1" }],
  ["a nonce of 2^64", { nonce: "18446744073709551616" }],
  ["0 cards", { n: "0" }],
  ["a deck of the wrong length", { deck: "1 2 3" }],
  ["a deck with a bad label", { deck: v0.deck.map(FairDeal.label).join(" ").replace("8H", "8X") }],
]) {
  const r = await FairDeal.verify({ ...good, ...bad });
  check(r.verdict === "error", `${what}: ${r.verdict} ${r.message}`);
}
// Hex is lowercase only, as in a transcript.
check((await FairDeal.verify({ ...good, commitment: v0.commitment.toUpperCase() })).verdict === "error", "upper-case hex");
// A nonce past 2^53 written as a JSON number cannot be read exactly and is refused.
let refused = false;
try { FairDeal.parseNonce(2 ** 53 + 2); } catch { refused = true; }
check(refused, "a nonce number past 2^53 is refused");
check(FairDeal.parseNonce("18446744073709551615") === 18446744073709551615n, "the largest nonce as a string");

// One verifier, three front ends: every case of fair/testdata/verdicts.json
// gets from the page's script the verdict fair.VerifyJSON and fairdeal
// verify give it.
const cases = JSON.parse(readFileSync(new URL("fair/testdata/verdicts.json", root), "utf8"));
for (const c of cases) {
  const r = c.input_base64 !== undefined
    ? await FairDeal.verifyBytes(Buffer.from(c.input_base64, "base64"), c.commitment || "")
    : await FairDeal.verifyText(c.input, c.commitment || "");
  check(r.verdict === c.verdict, `verdicts.json: ${c.name}: ${r.verdict}, want ${c.verdict}: ${r.message}`);
  if (c.input !== undefined) { // the same text as bytes
    const b = await FairDeal.verifyBytes(new TextEncoder().encode(c.input), c.commitment || "");
    check(b.verdict === c.verdict, `verdicts.json: ${c.name}, as bytes: ${b.verdict}`);
  }
}

console.log(`${checks - failures} of ${checks} checks passed (${file.vectors.length} vectors, ${file.below.length} rejection cases, ${cases.length} transcripts of verdicts.json)`);
process.exit(failures === 0 ? 0 : 1);
