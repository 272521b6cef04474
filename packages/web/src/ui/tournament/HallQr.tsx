// A hall table's QR code beside its six-sign code: a phone that scans it opens the table's protocol
// (#/hall/CODE) on the server this page came from, with no code to type. Drawn as SVG by `qrcode`,
// so it prints sharp on the seating list.
import { HALL_QR, hallPage } from '@baska/protocol';
import QRCode from 'qrcode';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n.js';

/** The phone's page of a table: this page's origin and path, and the hall route with the code. */
export const hallUrl = (code: string, at: Pick<Location, 'origin' | 'pathname'> = location) =>
  hallPage(pageUrl(at), code);

/** This page's address without its route: what the server prints before a table's #/hall/CODE. */
export const pageUrl = (at: Pick<Location, 'origin' | 'pathname'> = location) => `${at.origin}${at.pathname}`;

export function HallQr({ code }: { code: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toString(hallUrl(code), { type: 'svg', ...HALL_QR })
      .then((s) => live && setSvg(s))
      .catch(() => live && setSvg(''));
    return () => {
      live = false;
    };
  }, [code]);
  if (!svg) return null;
  // The SVG is the library's, of a URL made of this page's origin and [2-9A-Z] only.
  return <span class="qr" role="img" aria-label={t().tour.hallQr(code)} dangerouslySetInnerHTML={{ __html: svg }} />;
}
