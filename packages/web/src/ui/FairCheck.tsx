// The replay's check of a verifiable deal (decision 013): the revealed seed must hash to the
// commitment, and the hands must be those the seed and the players' contributions deal. Checked
// here, in the browser, by the engine's own scheme — the same check as `baska verify`.
import { type DealRecord, type FairVerdict, verifyFair } from '@baska/engine';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n.js';

export function FairCheck({ deal, hands }: { deal: DealRecord; hands: readonly number[] }) {
  const w = t();
  const [verdict, setVerdict] = useState<FairVerdict | null>(null);
  const proof = deal.fair;
  useEffect(() => {
    setVerdict(null);
    if (proof) void verifyFair(proof, deal.dealer, hands).then(setVerdict);
    // The hands by value: a new array each render is still the same deal.
  }, [deal, hands.join()]);
  if (!proof) return <p class="note fair-check">{w.fairNone}</p>;
  if (!verdict) return <p class="note fair-check">…</p>;
  const given = proof.contributions.filter((c) => c !== null).length;
  return verdict.ok ? (
    <p class="note fair-check ok" title={proof.commitment}>
      ✓ {w.fairOk(given)}
    </p>
  ) : (
    <p class="error fair-check" role="alert">
      ✗ {verdict.reason === 'commitment' ? w.fairBadSeed : w.fairBadHands}
    </p>
  );
}
