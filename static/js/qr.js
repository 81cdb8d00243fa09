// A QR code of a link, drawn as SVG from the vendored encoder's modules: the share dialog's,
// so that a friend at the same table can join by pointing a phone at the screen.

import qrcode from '../vendor/qrcode-generator/qrcode.mjs';

const NS = 'http://www.w3.org/2000/svg';
const QUIET = 4; // modules of blank margin the standard asks for

export function qrSvg(text, label) {
  const code = qrcode(0, 'M'); // the smallest version that holds the text; medium correction
  code.addData(text, 'Byte');
  code.make();
  const n = code.getModuleCount();
  const size = n + 2 * QUIET;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  const back = document.createElementNS(NS, 'rect');
  back.setAttribute('width', String(size));
  back.setAttribute('height', String(size));
  back.setAttribute('fill', '#fff');
  svg.append(back);
  let d = '';
  for (let r = 0; r < n; r += 1) {
    for (let c = 0; c < n; c += 1) {
      if (code.isDark(r, c)) d += `M${c + QUIET} ${r + QUIET}h1v1h-1z`;
    }
  }
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(path);
  svg.dataset.modules = String(n);
  return svg;
}
