// Deals anyone can verify (docs/fairness.md), checked in this browser on its own: the server
// seed revealed after a deal must hash to the commitment this page saw before the deal, and
// the pack shuffled from the seeds must be the pack the server says it dealt. Nothing here
// trusts the server beyond what it committed to; the Web Crypto API does the hashing.

import { prefs, setPref } from './prefs.js';

export const CLIENT_SEED = /^[0-9A-Za-z_-]{0,64}$/;
const SUITS = ['S', 'H', 'D', 'C'];

// This browser's client seed: the one its player typed in the settings, else a random one
// made once and kept.
export function clientSeed() {
  const kept = prefs.clientSeed;
  if (typeof kept === 'string' && CLIENT_SEED.test(kept)) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const made = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  setPref('clientSeed', made);
  return made;
}

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function toHex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function commitmentOf(serverSeed) {
  return toHex(await crypto.subtle.digest('SHA-256', hexBytes(serverSeed)));
}

export function canonicalPack(ranks, copies) {
  const pack = [];
  for (const suit of SUITS) for (const rank of ranks) for (let k = 0; k < copies; k += 1) pack.push(rank + suit);
  return pack;
}

// The pack in the order the seeds deal it: HMAC-SHA-256 blocks keyed with the server seed
// drive a Fisher-Yates shuffle, each number drawn by rejection so that none is favoured.
export async function shuffled(pack, serverSeed, deal, clientSeeds) {
  const key = await crypto.subtle.importKey('raw', hexBytes(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const message = `${deal}:${clientSeeds.join(',')}`;
  const encoder = new TextEncoder();
  let words = [];
  let block = 0;
  async function word() {
    if (!words.length) {
      const mac = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(`${message}:${block}`)));
      block += 1;
      words = Array.from({ length: 8 }, (_, i) => mac.getUint32(4 * i, false));
    }
    return words.shift();
  }
  async function below(m) {
    const limit = 2 ** 32 - (2 ** 32 % m);
    for (;;) {
      const w = await word();
      if (w < limit) return w % m;
    }
  }
  const order = [...pack];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = await below(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

// What this page saw committed before each deal, by match and deal: a commitment changed
// after the fact is as much a failure as a seed that does not match it.
const firstSeen = new Map();

export function noteCommitments(room) {
  const fairness = room?.fairness;
  if (!fairness) return;
  for (const entry of fairness.deals) {
    const key = `${room.match_number}:${entry.deal}`;
    if (!firstSeen.has(key)) firstSeen.set(key, entry.commitment);
  }
}

const verdicts = new Map();

// The verdict on deal `number` of the room's current (or last) match, once its seed is shown:
// {ok: true} or {ok: false, reason}; null while the seed is not revealed. Memoised per deal.
export function verifyDeal(room, number) {
  const fairness = room?.fairness;
  const entry = fairness?.deals.find((d) => d.deal === number);
  if (!entry || entry.server_seed === null) return null;
  const key = `${room.code}:${room.match_number}:${number}:${entry.server_seed}:${entry.commitment}`;
  if (!verdicts.has(key)) verdicts.set(key, check(room, entry));
  return verdicts.get(key);
}

async function check(room, entry) {
  const { fairness } = room;
  if (!/^[0-9a-f]{64}$/.test(entry.server_seed)) return { ok: false, reason: 'seed' };
  const hashed = await commitmentOf(entry.server_seed);
  const seen = firstSeen.get(`${room.match_number}:${entry.deal}`);
  if (hashed !== entry.commitment || (seen !== undefined && seen !== entry.commitment)) {
    return { ok: false, reason: 'commitment' };
  }
  if (!entry.client_seeds.every((s) => CLIENT_SEED.test(s))) return { ok: false, reason: 'seed' };
  const pack = canonicalPack(fairness.ranks, fairness.copies);
  const order = await shuffled(pack, entry.server_seed, entry.deal, entry.client_seeds);
  const dealt = entry.pack ?? [];
  if (order.length !== dealt.length || order.some((card, i) => card !== dealt[i])) {
    return { ok: false, reason: 'pack' };
  }
  return { ok: true };
}
