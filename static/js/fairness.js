// Deals anyone can verify (docs/fairness.md), checked in this browser on its own.
//
// Before each deal the table shows a commitment to its secret server seed. This page then
// makes a fresh seed of its own for that deal and gives it, bound to the commitment it saw.
// When the deal is over and the server seed is revealed, the page checks, trusting nothing
// the server says after the fact: the revealed seed hashes to the commitment this page was
// shown before the deal; its own seed is the one the deal used; the seeds shuffle the
// canonical pack into the pack shown (and draw the first dealer shown); and that pack deals
// this seat the very cards it saw. What the page saw is kept in the browser's storage, so a
// reload keeps it. `checkDeal` is app/engine/deal_check.py in JavaScript; both are held to the
// published vectors, docs/fairness-vectors.json.

export const CLIENT_SEED = /^[0-9A-Za-z_-]{0,64}$/;
const SERVER_SEED = /^[0-9a-f]{64}$/;
const SCHEMES = ['kortbord-fair/1', 'kortbord-fair/2'];
const SUITS = ['S', 'H', 'D', 'C'];
const KEPT = 40; // deals remembered per room

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function toHex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function freshSeed() {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

export async function commitmentOf(serverSeed) {
  return toHex(await crypto.subtle.digest('SHA-256', hexBytes(serverSeed)));
}

export function canonicalPack(ranks, copies) {
  const pack = [];
  for (const suit of SUITS) for (const rank of ranks) for (let k = 0; k < copies; k += 1) pack.push(rank + suit);
  return pack;
}

// The 32-bit words of HMAC-SHA-256(server seed, `${deal}:${seeds}:${k}`) for k = 0, 1, ...,
// and numbers below m drawn from them by rejection, so that none is favoured.
async function numbers(serverSeed, deal, clientSeeds) {
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
  return async function below(m) {
    const limit = 2 ** 32 - (2 ** 32 % m);
    for (;;) {
      const w = await word();
      if (w < limit) return w % m;
    }
  };
}

// The pack in the order the seeds deal it: a Fisher-Yates shuffle from the last place down.
export async function shuffled(pack, serverSeed, deal, clientSeeds) {
  const below = await numbers(serverSeed, deal, clientSeeds);
  const order = [...pack];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = await below(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

// The first dealer of a match: a number below the seat count, from deal number 0's stream.
export async function firstDealer(serverSeed, clientSeeds, seats) {
  return (await numbers(serverSeed, 0, clientSeeds))(seats);
}

const fail = (reason) => ({ verdict: 'failed', reason, notes: [] });

function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// The verdict on one fairness entry: {verdict: 'verified' | 'failed' | 'pending', reason,
// notes}. `seen` is what this page saw of the deal (null: nothing), `handPositions` the
// game's places of each seat's cards, by its place after the dealer.
export async function checkDeal(entry, pack, seats, handPositions = null, seen = null) {
  const seeds = entry.client_seeds;
  if (
    !SCHEMES.includes(entry.scheme) ||
    !Number.isInteger(entry.deal) ||
    entry.deal < 1 ||
    !Array.isArray(seeds) ||
    seeds.length !== seats ||
    !seeds.every((s) => typeof s === 'string' && CLIENT_SEED.test(s)) ||
    typeof entry.commitment !== 'string'
  ) {
    return fail('bad_entry');
  }
  if (entry.server_seed === null || entry.server_seed === undefined) {
    return { verdict: 'pending', reason: 'unrevealed', notes: [] };
  }
  if (typeof entry.server_seed !== 'string' || !SERVER_SEED.test(entry.server_seed)) return fail('bad_entry');
  if ((await commitmentOf(entry.server_seed)) !== entry.commitment) return fail('commitment_mismatch');
  const notes = [];
  if (seen) {
    if (seen.shown === null || seen.shown === undefined) notes.push('not_present');
    else if (seen.shown !== entry.commitment) return fail('commitment_unshown');
    if (typeof seen.seed === 'string' && Number.isInteger(seen.seat)) {
      const used = seeds[seen.seat];
      if (used === seen.seed) {
        // the deal used this page's seed
      } else if (seen.elsewhere) notes.push('seed_elsewhere');
      else if (used === '' && !seen.acknowledged) notes.push('seed_late');
      else return fail('own_seed');
    }
  }
  const order = await shuffled(pack, entry.server_seed, entry.deal, seeds);
  if (entry.pack !== null && entry.pack !== undefined && !(Array.isArray(entry.pack) && sameList(entry.pack, order))) {
    return fail('pack');
  }
  if (entry.scheme === 'kortbord-fair/2' && entry.deal === 1) {
    if (entry.first_dealer !== (await firstDealer(entry.server_seed, seeds, seats))) return fail('first_dealer');
  }
  if (seen?.hand && Number.isInteger(seen.hand_seat) && Number.isInteger(seen.dealer) && handPositions) {
    const place = (((seen.hand_seat - seen.dealer) % seats) + seats) % seats;
    const held = new Map();
    for (const card of seen.hand) held.set(card, (held.get(card) ?? 0) + 1);
    for (const p of handPositions[place]) {
      const left = held.get(order[p]) ?? 0;
      if (left < 1) return fail('hand');
      held.set(order[p], left - 1);
    }
  }
  return { verdict: 'verified', reason: null, notes };
}

// -- what this page saw, kept per room ----------------------------------------------------------

function storeKey(code) {
  return `kortbord:fair:${code}`;
}

function load(code) {
  try {
    const kept = JSON.parse(localStorage.getItem(storeKey(code)) || 'null');
    if (kept && typeof kept === 'object') return { shown: {}, seeds: {}, hands: {}, ...kept };
  } catch {
    // a store another version wrote, or none: start afresh
  }
  return { shown: {}, seeds: {}, hands: {} };
}

function trim(map) {
  const keys = Object.keys(map);
  for (const key of keys.slice(0, Math.max(0, keys.length - KEPT))) delete map[key];
}

function save(code, kept) {
  trim(kept.shown);
  trim(kept.seeds);
  trim(kept.hands);
  try {
    localStorage.setItem(storeKey(code), JSON.stringify(kept));
  } catch {
    // storage full or refused: the checks of this page's session still hold in memory
  }
}

const rooms = new Map();
function kept(code) {
  if (!rooms.has(code)) rooms.set(code, load(code));
  return rooms.get(code);
}

// Deals this page load saw being dealt (their commitment shown first, then the deal): only
// for those is the first hand it sees the hand dealt, not one already played from.
const awaited = new Set();
const witnessed = new Set();

// The deal the commitment now shown is for: the next of this match, or the next match's first.
function pendingKey(room) {
  const deals = room.fairness.deals;
  if (room.status === 'playing' && deals.length) return `${room.match_number}:${deals[deals.length - 1].deal + 1}`;
  return `${room.match_number + 1}:1`;
}

// Called with every state this page receives: notes the commitment shown for the next deal
// (the first one shown is the one that counts), the table's acknowledgement of this seat's
// seed, and the first hand this seat is shown in a deal it saw dealt. Returns the seed
// message to send for the commitment shown, when this seat has not given one: the same seed
// for every tab of this browser, a fresh one for every deal.
export function noteState(room, seat, view) {
  const fairness = room?.fairness;
  if (!fairness || room.paper) return null;
  const mine = kept(room.code);
  let changed = false;
  const current = fairness.deals.length ? `${room.match_number}:${fairness.deals[fairness.deals.length - 1].deal}` : null;
  if (current && room.status === 'playing' && awaited.has(`${room.code}:${current}`)) {
    witnessed.add(`${room.code}:${current}`);
  }
  const pending = pendingKey(room);
  awaited.add(`${room.code}:${pending}`);
  if (fairness.next && !mine.shown[pending]) {
    mine.shown[pending] = { commitment: fairness.next, positions: fairness.hand_positions ?? null };
    changed = true;
  }
  let message = null;
  if (seat !== null && fairness.next) {
    let given = mine.seeds[fairness.next];
    if (!given || given.seat !== seat) {
      given = { seed: freshSeed(), seat, acknowledged: false, elsewhere: false };
      mine.seeds[fairness.next] = given;
      changed = true;
    }
    if (fairness.seeded?.[seat] && !given.acknowledged) {
      given.acknowledged = true;
      changed = true;
    }
    if (!given.acknowledged && !given.elsewhere) {
      message = { type: 'seed', seed: given.seed, commitment: fairness.next };
    }
  }
  const hand = view?.deal?.hand;
  if (seat !== null && current && witnessed.has(`${room.code}:${current}`) && !mine.hands[current] && hand?.length) {
    mine.hands[current] = { seat, dealer: view.deal.dealer, hand: [...hand] };
    changed = true;
  }
  if (changed) save(room.code, mine);
  return message;
}

// The table refused this page's seed: `seed_given` (another of the player's connections gave
// the seat's seed first) is remembered for the check; `stale_seed` needs nothing, for the
// commitment now shown gets a seed of its own.
export function noteSeedRefused(room, commitment, code) {
  if (!room || code !== 'seed_given') return;
  const mine = kept(room.code);
  const given = mine.seeds[commitment];
  if (given) {
    given.elsewhere = true;
    save(room.code, mine);
  }
}

function seenFor(room, entry) {
  const mine = kept(room.code);
  const key = `${room.match_number}:${entry.deal}`;
  const shown = mine.shown[key];
  const given = mine.seeds[entry.commitment];
  const hand = mine.hands[key];
  return {
    seen: {
      shown: shown ? shown.commitment : null,
      seat: given ? given.seat : null,
      seed: given ? given.seed : null,
      acknowledged: given ? given.acknowledged : false,
      elsewhere: given ? given.elsewhere : false,
      hand: hand ? hand.hand : null,
      hand_seat: hand ? hand.seat : null,
      dealer: hand ? hand.dealer : null,
    },
    // the places shown before the deal, not whatever the table says afterwards
    positions: shown?.positions ?? null,
  };
}

const verdicts = new Map();

// The verdict on deal `number` of the room's current (or last) match, once its seed is shown:
// a promise of {ok, reason, notes}; null while the seed is not revealed. Memoised per deal.
export function verifyDeal(room, number) {
  const fairness = room?.fairness;
  const entry = fairness?.deals.find((d) => d.deal === number);
  if (!entry || entry.server_seed === null) return null;
  const key = `${room.code}:${room.match_number}:${number}:${entry.server_seed}:${entry.commitment}`;
  if (!verdicts.has(key)) {
    const { seen, positions } = seenFor(room, entry);
    const pack = canonicalPack(fairness.ranks, fairness.copies);
    const seats = entry.client_seeds?.length ?? 0;
    verdicts.set(
      key,
      checkDeal(entry, pack, seats, positions, seen).then((result) => ({
        ok: result.verdict === 'verified',
        reason: result.reason,
        notes: result.notes,
      })),
    );
  }
  return verdicts.get(key);
}
