// The replay's check of who dealt the record (decision 013): signed by this server's key, each
// deal's commitment as it was published and the record as it was handed out (signed.ts). The key
// is shown with a link to it, for `baska verify --key`.
import type { RecordAnswer } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { t } from '../../i18n.js';
import { type SignedVerdict, checkSigned } from './signed.js';

export function SignedCheck({ record }: { record: RecordAnswer }) {
  const w = t();
  const [verdict, setVerdict] = useState<SignedVerdict | null>(null);
  useEffect(() => {
    setVerdict(null);
    api.signingKey().then(
      (key) => checkSigned(record as unknown as Record<string, unknown>, key).then(setVerdict),
      () => setVerdict({ kind: 'unchecked', key: record.signature?.key ?? '' }),
    );
  }, [record]);
  if (!verdict) return <p class="note signed-check">…</p>;
  const key = (
    <a href="/api/fairdeal/key.pem" title={w.signedKey}>
      {w.signedKey}
    </a>
  );
  switch (verdict.kind) {
    case 'valid':
      return (
        <p class="note signed-check ok" title={verdict.key}>
          ✓ {w.signedOk} ({key})
        </p>
      );
    case 'unchecked':
      return (
        <p class="note signed-check" title={verdict.key}>
          {w.signedUnchecked} ({key})
        </p>
      );
    case 'unsigned':
      return <p class="note signed-check">{w.signedNone}</p>;
    case 'otherKey':
      return (
        <p class="error signed-check" role="alert" title={verdict.key}>
          ✗ {w.signedOther} ({key})
        </p>
      );
    case 'bad':
      return (
        <p class="error signed-check" role="alert">
          ✗ {verdict.deal === null ? w.signedBadRecord : w.signedBadDeal(verdict.deal + 1)}
        </p>
      );
  }
}
