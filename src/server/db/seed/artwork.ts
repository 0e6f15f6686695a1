import sharp from 'sharp';
import type { RawPixels } from '../../images/pipeline';

/**
 * Product pictures drawn at seed time: a garment or accessory silhouette on a soft pastel backdrop, as
 * SVG rendered by sharp. Nothing is downloaded, so a fresh shop has real-looking pictures offline.
 */

export type GarmentKind =
  | 'dress'
  | 'babyDress'
  | 'tee'
  | 'shirt'
  | 'jacket'
  | 'kaftan'
  | 'trousers'
  | 'shorts'
  | 'skirt'
  | 'romper'
  | 'booties'
  | 'beanie'
  | 'sunHat'
  | 'bag'
  | 'scarf'
  | 'necklace'
  | 'earrings'
  | 'sunglasses'
  | 'matchingDresses'
  | 'matchingTees';

export type FabricPattern = 'plain' | 'dots' | 'stripes' | 'floral' | 'gingham';

/** How the picture is taken: the front, a close-up, a turned view on another backdrop, the back. */
export type View = 'front' | 'detail' | 'angle' | 'back';

export interface Artwork {
  kind: GarmentKind;
  colour: string;
  pattern: FabricPattern;
  /** The pattern's and trims' colour. */
  accent: string;
  /** Two pastel tones for the backdrop's gradient. */
  backdrop: readonly [string, string];
  view: View;
}

/** The drawing's own coordinates; `artworkSvg` scales them to the size asked for. */
const CANVAS_WIDTH = 800;
const CANVAS_HEIGHT = 1000;
/** 640 × 800 px: sharp on a product card and a phone's detail page, and quick to encode. */
export const ARTWORK_WIDTH = 640;
const GOLD = '#c9a227';

function channel(hex: string, index: number): number {
  return parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
}

/** `colour` moved toward `target` by `amount` (0 to 1). */
function mix(colour: string, target: string, amount: number): string {
  const parts = [0, 1, 2].map((i) =>
    Math.round(channel(colour, i) + (channel(target, i) - channel(colour, i)) * amount)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${parts.join('')}`;
}

const lighter = (colour: string, amount = 0.35) => mix(colour, '#ffffff', amount);
const darker = (colour: string, amount = 0.25) => mix(colour, '#1a1a1a', amount);

/**
 * The fabric's pattern, its small tile repeated 3 × 3 inside one larger tile: librsvg pays per tile
 * drawn, so fewer, larger tiles render the same cloth in about two thirds of the time.
 */
function patternDefs(pattern: FabricPattern, accent: string): string {
  const tile = patternTile(pattern, accent);
  if (!tile) return '';
  const copies = [0, 1, 2]
    .flatMap((row) => [0, 1, 2].map((column) => [column * tile.size, row * tile.size]))
    .map(([x, y]) => `<g transform="translate(${x} ${y})">${tile.body}</g>`)
    .join('');
  const size = tile.size * 3;
  return `<pattern id="fabric" width="${size}" height="${size}" patternUnits="userSpaceOnUse">${copies}</pattern>`;
}

function patternTile(pattern: FabricPattern, accent: string): { size: number; body: string } | null {
  switch (pattern) {
    case 'dots':
      return {
        size: 44,
        body: `
        <circle cx="11" cy="11" r="6" fill="${accent}" fill-opacity="0.75"/>
        <circle cx="33" cy="33" r="6" fill="${accent}" fill-opacity="0.75"/>`,
      };
    case 'stripes':
      return {
        size: 40,
        body: `
        <rect width="40" height="13" fill="${accent}" fill-opacity="0.55"/>`,
      };
    case 'gingham':
      return {
        size: 40,
        body: `
        <rect width="20" height="40" fill="${accent}" fill-opacity="0.3"/>
        <rect width="40" height="20" fill="${accent}" fill-opacity="0.3"/>`,
      };
    case 'floral': {
      const petals = [0, 72, 144, 216, 288]
        .map((angle) => {
          const x = 26 + 8 * Math.cos((angle * Math.PI) / 180);
          const y = 26 + 8 * Math.sin((angle * Math.PI) / 180);
          return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="6" fill="${accent}" fill-opacity="0.8"/>`;
        })
        .join('');
      return {
        size: 72,
        body: `${petals}
        <circle cx="26" cy="26" r="4" fill="${GOLD}" fill-opacity="0.9"/>
        <circle cx="62" cy="60" r="3" fill="${accent}" fill-opacity="0.6"/>
        <path d="M 40 58 q 8 -6 14 0" stroke="${accent}" stroke-width="3" fill="none" stroke-opacity="0.6"/>`,
      };
    }
    case 'plain':
      return null;
  }
}

interface Shape {
  /** The garment's outline, filled with the cloth (and the pattern over it). */
  outline: string;
  /** Drawn before the outline (sleeves behind the body, a bag's handle). */
  behind?: string;
  /** Drawn after it: seams, buttons, collars, trims. Left out of the back view. */
  details?: string;
  /** Where the close-up looks. */
  focus: [number, number];
  onHanger?: boolean;
  /** The details are the piece itself (a bag's flap, a beanie's cuff), so the back view keeps them. */
  structural?: boolean;
}

const cloth = (d: string, extra = '') => `<path d="${d}" fill="url(#cloth)" ${extra}/>`;
const fold = (d: string, colour: string, width = 3, opacity = 0.35) =>
  `<path d="${d}" stroke="${colour}" stroke-width="${width}" fill="none" stroke-opacity="${opacity}" stroke-linecap="round"/>`;
const dot = (x: number, y: number, r: number, fill: string, extra = '') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" ${extra}/>`;

function shapeOf(kind: GarmentKind, colour: string, accent: string): Shape {
  const shade = darker(colour, 0.3);
  const light = lighter(colour, 0.55);
  switch (kind) {
    case 'dress':
      return {
        onHanger: true,
        outline:
          'M 318 236 L 362 222 Q 400 300 438 222 L 482 236 C 470 280 478 320 500 345 L 470 450 C 520 600 600 760 640 860 Q 560 895 480 875 Q 400 900 320 875 Q 240 895 160 860 C 200 760 280 600 330 450 L 300 345 C 322 320 330 280 318 236 Z',
        details: [
          `<rect x="326" y="440" width="148" height="26" rx="8" fill="${shade}"/>`,
          `<path d="M 400 453 l -26 -16 v 32 z M 400 453 l 26 -16 v 32 z" fill="${darker(colour, 0.45)}"/>`,
          fold('M 372 472 C 350 600 320 720 300 860', shade),
          fold('M 428 472 C 450 600 480 720 500 860', shade),
          fold('M 400 470 L 400 880', shade, 3, 0.25),
          fold('M 362 222 Q 400 300 438 222', light, 5, 0.7),
        ].join(''),
        focus: [400, 420],
      };
    case 'babyDress':
      return {
        onHanger: true,
        behind: `<ellipse cx="318" cy="282" rx="52" ry="40" fill="url(#cloth)"/><ellipse cx="482" cy="282" rx="52" ry="40" fill="url(#cloth)"/>`,
        outline:
          'M 335 250 Q 400 295 465 250 L 480 400 C 560 560 610 680 630 750 Q 515 800 400 785 Q 285 800 170 750 C 190 680 240 560 320 400 Z',
        details: [
          `<path d="M 338 252 Q 356 312 400 292 Q 444 312 462 252 Q 432 278 400 276 Q 368 278 338 252 Z" fill="#fffaf5"/>`,
          `<rect x="318" y="396" width="164" height="22" rx="8" fill="${accent}" fill-opacity="0.9"/>`,
          `<path d="M 400 407 l -30 -18 v 36 z M 400 407 l 30 -18 v 36 z" fill="${accent}"/>`,
          dot(400, 407, 8, darker(accent, 0.2)),
          fold('M 372 425 C 340 560 300 660 280 770', shade),
          fold('M 428 425 C 460 560 500 660 520 770', shade),
          `<path d="M 175 748 Q 290 790 400 778 Q 515 790 625 748" stroke="#fffaf5" stroke-width="10" fill="none" stroke-dasharray="2 14" stroke-linecap="round"/>`,
        ].join(''),
        focus: [400, 330],
      };
    case 'tee':
      return {
        onHanger: true,
        outline:
          'M 300 240 L 355 222 Q 400 262 445 222 L 500 240 L 600 320 L 555 395 L 505 360 L 505 800 Q 400 815 295 800 L 295 360 L 245 395 L 200 320 Z',
        details: [
          fold('M 355 224 Q 400 264 445 224', shade, 12, 0.55),
          fold('M 557 390 L 600 322', shade, 4, 0.4),
          fold('M 243 390 L 200 322', shade, 4, 0.4),
          `<path d="M 400 420 l 22 45 l 50 7 l -36 35 l 9 50 l -45 -24 l -45 24 l 9 -50 l -36 -35 l 50 -7 z" fill="${accent}" fill-opacity="0.95"/>`,
          fold('M 300 780 Q 400 795 500 780', shade, 4, 0.3),
        ].join(''),
        focus: [400, 470],
      };
    case 'shirt':
      return {
        onHanger: true,
        outline:
          'M 300 240 L 360 222 L 400 262 L 440 222 L 500 240 L 560 300 L 612 640 L 560 655 L 510 400 L 508 820 L 292 820 L 290 400 L 240 655 L 188 640 L 240 300 Z',
        details: [
          `<path d="M 360 222 L 400 262 L 372 292 L 340 236 Z M 440 222 L 400 262 L 428 292 L 460 236 Z" fill="${light}"/>`,
          fold('M 400 262 L 400 820', shade, 4, 0.45),
          ...[320, 390, 460, 530, 600, 670, 740].map((y) => dot(400, y, 7, light)),
          `<rect x="425" y="330" width="52" height="58" rx="4" fill="none" stroke="${shade}" stroke-width="3" stroke-opacity="0.5"/>`,
          fold('M 190 630 L 240 642', shade, 8, 0.5),
          fold('M 610 630 L 560 642', shade, 8, 0.5),
        ].join(''),
        focus: [400, 330],
      };
    case 'jacket':
      return {
        onHanger: true,
        outline:
          'M 300 240 L 360 222 L 400 262 L 440 222 L 500 240 L 560 300 L 612 650 L 560 665 L 512 400 L 515 830 L 285 830 L 288 400 L 240 665 L 188 650 L 240 300 Z',
        details: [
          `<path d="M 360 224 L 400 262 L 440 224 L 418 520 L 400 540 L 382 520 Z" fill="${darker(colour, 0.5)}" fill-opacity="0.55"/>`,
          `<path d="M 360 224 L 382 520 L 350 380 L 330 250 Z M 440 224 L 418 520 L 450 380 L 470 250 Z" fill="${shade}"/>`,
          ...[560, 640, 720].map((y) => dot(388, y, 9, accent)),
          `<path d="M 305 600 h 70 v 60 h -70 z M 425 600 h 70 v 60 h -70 z" fill="none" stroke="${shade}" stroke-width="3" stroke-opacity="0.55"/>`,
          fold('M 400 540 L 400 830', shade, 4, 0.45),
          fold('M 190 640 L 240 652', shade, 10, 0.5),
          fold('M 610 640 L 560 652', shade, 10, 0.5),
        ].join(''),
        focus: [400, 380],
      };
    case 'kaftan':
      return {
        onHanger: true,
        outline:
          'M 340 220 Q 400 262 460 220 L 520 235 L 680 470 L 600 515 L 505 385 L 560 880 Q 400 905 240 880 L 295 385 L 200 515 L 120 470 L 280 235 Z',
        details: [
          `<path d="M 352 236 Q 400 300 448 236" stroke="${accent}" stroke-width="8" fill="none" stroke-dasharray="12 8"/>`,
          `<path d="M 400 290 L 400 885" stroke="${accent}" stroke-width="10" fill="none" stroke-dasharray="4 10" stroke-linecap="round"/>`,
          `<path d="M 125 470 L 205 515 M 675 470 L 595 515" stroke="${accent}" stroke-width="10" stroke-dasharray="4 10" stroke-linecap="round"/>`,
          fold('M 360 400 C 340 600 300 760 290 880', shade),
          fold('M 440 400 C 460 600 500 760 510 880', shade),
        ].join(''),
        focus: [400, 300],
      };
    case 'trousers':
    case 'shorts': {
      const hem = kind === 'trousers' ? 870 : 600;
      return {
        onHanger: false,
        outline: `M 290 240 L 510 240 L ${kind === 'trousers' ? 532 : 540} ${hem} L 422 ${hem} L 402 420 L 398 420 L 378 ${hem} L ${kind === 'trousers' ? 268 : 260} ${hem} Z`,
        details: [
          `<rect x="288" y="238" width="224" height="36" rx="4" fill="${shade}"/>`,
          ...[312, 372, 428, 488].map(
            (x) =>
              `<rect x="${x - 5}" y="234" width="10" height="44" rx="3" fill="${darker(colour, 0.45)}"/>`,
          ),
          fold('M 400 274 L 400 370', darker(colour, 0.45), 4, 0.6),
          fold('M 300 276 Q 338 310 322 348', darker(colour, 0.45), 4, 0.5),
          fold('M 500 276 Q 462 310 478 348', darker(colour, 0.45), 4, 0.5),
          fold(`M 334 320 L 324 ${hem - 10}`, light, 3, 0.45),
          fold(`M 466 320 L 476 ${hem - 10}`, light, 3, 0.45),
        ].join(''),
        focus: [400, 300],
        structural: true,
      };
    }
    case 'skirt':
      return {
        onHanger: false,
        outline: 'M 322 300 L 478 300 L 610 770 Q 400 815 190 770 Z',
        details: [
          `<rect x="316" y="282" width="168" height="32" rx="8" fill="${shade}"/>`,
          ...[-3, -2, -1, 0, 1, 2, 3].map((i) =>
            fold(`M ${400 + i * 22} 316 L ${400 + i * 62} ${785 - Math.abs(i) * 4}`, shade, 3, 0.35),
          ),
          dot(448, 298, 7, light),
        ].join(''),
        focus: [400, 420],
        structural: true,
      };
    case 'romper':
      return {
        onHanger: true,
        outline:
          'M 310 262 L 360 242 Q 400 272 440 242 L 490 262 L 565 325 L 522 378 L 492 348 L 497 600 Q 502 700 452 742 L 420 762 Q 400 742 380 762 L 348 742 Q 298 700 303 600 L 308 348 L 278 378 L 235 325 Z',
        details: [
          fold('M 360 244 Q 400 274 440 244', light, 10, 0.8),
          dot(366, 430, 20, light),
          dot(434, 430, 20, light),
          dot(400, 475, 52, light),
          dot(382, 465, 6, darker(colour, 0.6)),
          dot(418, 465, 6, darker(colour, 0.6)),
          `<ellipse cx="400" cy="490" rx="14" ry="10" fill="${darker(colour, 0.55)}"/>`,
          dot(366, 430, 9, accent, 'fill-opacity="0.7"'),
          dot(434, 430, 9, accent, 'fill-opacity="0.7"'),
          ...[372, 400, 428].map((x) => dot(x, 735, 6, '#fffaf5')),
          fold('M 522 376 L 565 327', shade, 6, 0.4),
          fold('M 278 376 L 235 327', shade, 6, 0.4),
        ].join(''),
        focus: [400, 470],
      };
    case 'booties': {
      const bootie =
        'M 0 0 L 112 0 L 118 140 Q 205 138 222 188 Q 226 222 186 222 L 14 222 Q -12 222 -10 192 Z';
      const cuff = `<rect x="-8" y="-14" width="128" height="46" rx="16" fill="${light}"/>`;
      const bow = `<path d="M 56 10 l -30 -18 v 36 z M 56 10 l 30 -18 v 36 z" fill="${accent}"/>${dot(56, 10, 7, darker(accent, 0.2))}`;
      const one = (x: number, y: number) =>
        `<g transform="translate(${x} ${y}) scale(1.25)"><path d="${bootie}" fill="url(#cloth)"/><path d="${bootie}" fill="url(#fabric)"/>${cuff}${bow}<path d="M 14 222 L 186 222" stroke="${shade}" stroke-width="8" fill-opacity="0.5"/></g>`;
      return { outline: '', details: one(180, 400) + one(390, 470), focus: [360, 600], structural: true };
    }
    case 'beanie':
      return {
        outline: 'M 250 640 C 250 330 550 330 550 640 Z',
        details: [
          `<rect x="236" y="600" width="328" height="88" rx="26" fill="${shade}"/>`,
          ...[270, 310, 350, 390, 430, 470, 510].map((x) =>
            fold(`M ${x + 6} 610 L ${x + 6} 680`, darker(colour, 0.45), 4, 0.4),
          ),
          dot(400, 330, 54, light),
          dot(385, 315, 16, '#ffffff', 'fill-opacity="0.45"'),
          `<path d="M 520 560 q 22 -10 30 10 q -10 20 -30 10 z" fill="${accent}"/>`,
        ].join(''),
        focus: [400, 560],
        structural: true,
      };
    case 'sunHat':
      return {
        behind: `<ellipse cx="400" cy="610" rx="320" ry="100" fill="url(#cloth)"/><ellipse cx="400" cy="610" rx="320" ry="100" fill="url(#fabric)"/>`,
        outline: 'M 250 610 C 248 380 552 380 550 610 Q 400 650 250 610 Z',
        details: [
          `<path d="M 254 560 Q 400 600 546 560 L 550 606 Q 400 648 250 606 Z" fill="${accent}"/>`,
          `<ellipse cx="520" cy="600" rx="40" ry="20" fill="${darker(accent, 0.15)}" transform="rotate(-20 520 600)"/>`,
          `<path d="M 530 610 q 30 60 10 110 M 512 612 q 0 70 -24 100" stroke="${accent}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
          fold('M 110 640 Q 400 740 690 640', shade, 4, 0.35),
        ].join(''),
        focus: [400, 560],
        structural: true,
      };
    case 'bag':
      return {
        behind: `<path d="M 300 476 C 296 300 504 300 500 476" stroke="${shade}" stroke-width="26" fill="none" stroke-linecap="round"/>`,
        outline:
          'M 222 470 L 578 470 Q 600 470 604 492 L 630 830 Q 632 862 600 862 L 200 862 Q 168 862 170 830 L 196 492 Q 200 470 222 470 Z',
        details: [
          `<path d="M 196 492 Q 200 470 222 470 L 578 470 Q 600 470 604 492 L 614 604 Q 400 668 186 604 Z" fill="${shade}" fill-opacity="0.9"/>`,
          `<path d="M 206 500 L 594 500 L 600 590 Q 400 650 200 590 Z" fill="none" stroke="${light}" stroke-width="3" stroke-dasharray="10 8" stroke-opacity="0.8"/>`,
          dot(400, 636, 20, GOLD),
          dot(400, 636, 9, lighter(GOLD, 0.5)),
          `<rect x="292" y="462" width="16" height="26" rx="4" fill="${GOLD}"/><rect x="492" y="462" width="16" height="26" rx="4" fill="${GOLD}"/>`,
        ].join(''),
        focus: [400, 620],
        structural: true,
      };
    case 'scarf':
      return {
        onHanger: false,
        behind: `<path d="M 250 212 L 550 212" stroke="#b89b72" stroke-width="14" stroke-linecap="round"/>`,
        outline:
          'M 292 196 Q 400 246 508 196 L 522 246 Q 400 316 278 246 Z M 300 236 C 278 400 332 600 292 830 L 394 842 C 404 624 362 420 372 272 Z M 430 272 C 448 424 420 604 442 792 L 534 780 C 522 592 522 404 502 236 Z',
        details: [
          ...Array.from({ length: 11 }, (_, i) =>
            fold(`M ${296 + i * 9.5} ${832 + i * 1.1} l -2 34`, shade, 4, 0.7),
          ),
          ...Array.from({ length: 10 }, (_, i) =>
            fold(`M ${446 + i * 9.5} ${792 - i * 1.2} l 2 34`, shade, 4, 0.7),
          ),
          fold('M 320 300 C 310 450 350 600 320 800', light, 4, 0.4),
          fold('M 470 300 C 480 450 460 600 480 770', light, 4, 0.4),
        ].join(''),
        focus: [400, 560],
        structural: true,
      };
    case 'necklace': {
      const beads = Array.from({ length: 25 }, (_, i) => {
        const t = i / 24;
        const [x, y] = cubic(
          t,
          [338, 330],
          [340, 520],
          [372, 640],
          [400, 650],
          [428, 640],
          [460, 520],
          [462, 330],
        );
        return dot(Math.round(x), Math.round(y), 7, i % 2 ? GOLD : lighter(GOLD, 0.45));
      }).join('');
      return {
        behind: `<path d="M 330 170 Q 400 150 470 170 L 470 360 C 470 430 620 440 660 520 L 680 905 L 120 905 L 140 520 C 180 440 330 430 330 360 Z" fill="#5e5060" fill-opacity="0.9"/><ellipse cx="400" cy="172" rx="70" ry="14" fill="#7a6a7c"/>`,
        outline: '',
        details: [
          beads,
          dot(400, 662, 10, GOLD),
          `<path d="M 400 672 C 446 722 452 774 400 808 C 348 774 354 722 400 672 Z" fill="url(#cloth)" stroke="${GOLD}" stroke-width="6"/>`,
          `<ellipse cx="386" cy="730" rx="10" ry="22" fill="#ffffff" fill-opacity="0.55" transform="rotate(20 386 730)"/>`,
        ].join(''),
        focus: [400, 660],
        structural: true,
      };
    }
    case 'earrings': {
      const drop = (x: number) =>
        [
          dot(x, 360, 16, GOLD),
          dot(x, 360, 7, lighter(GOLD, 0.5)),
          `<path d="M ${x} 376 L ${x} 470" stroke="${GOLD}" stroke-width="5"/>`,
          dot(x, 476, 10, GOLD),
          `<path d="M ${x} 486 C ${x + 56} 556 ${x + 62} 640 ${x} 680 C ${x - 62} 640 ${x - 56} 556 ${x} 486 Z" fill="url(#cloth)" stroke="${GOLD}" stroke-width="6"/>`,
          `<path d="M ${x} 486 C ${x + 56} 556 ${x + 62} 640 ${x} 680 C ${x - 62} 640 ${x - 56} 556 ${x} 486 Z" fill="url(#fabric)"/>`,
          `<ellipse cx="${x - 16}" cy="570" rx="10" ry="26" fill="#ffffff" fill-opacity="0.5" transform="rotate(15 ${x - 16} 570)"/>`,
        ].join('');
      return { outline: '', details: drop(310) + drop(490), focus: [400, 560], structural: true };
    }
    case 'sunglasses':
      return {
        outline: '',
        details: [
          `<path d="M 170 470 L 120 440 M 630 470 L 680 440" stroke="${darker(colour, 0.5)}" stroke-width="14" stroke-linecap="round"/>`,
          `<rect x="180" y="430" width="190" height="150" rx="70" fill="url(#cloth)" stroke="${darker(colour, 0.55)}" stroke-width="16"/>`,
          `<rect x="430" y="430" width="190" height="150" rx="70" fill="url(#cloth)" stroke="${darker(colour, 0.55)}" stroke-width="16"/>`,
          `<path d="M 370 470 Q 400 440 430 470" stroke="${darker(colour, 0.55)}" stroke-width="14" fill="none"/>`,
          `<path d="M 210 470 q 30 -24 70 -22 M 460 470 q 30 -24 70 -22" stroke="#ffffff" stroke-width="10" fill="none" stroke-opacity="0.55" stroke-linecap="round"/>`,
          dot(190, 446, 7, GOLD),
          dot(610, 446, 7, GOLD),
        ].join(''),
        focus: [400, 500],
        structural: true,
      };
    case 'matchingDresses':
    case 'matchingTees': {
      const single = shapeOf(kind === 'matchingDresses' ? 'dress' : 'tee', colour, accent);
      const small = shapeOf(kind === 'matchingDresses' ? 'babyDress' : 'tee', colour, accent);
      const draw = (shape: Shape) =>
        `${shape.behind ?? ''}${cloth(shape.outline)}<path d="${shape.outline}" fill="url(#fabric)"/>${shape.details ?? ''}`;
      return {
        outline: '',
        details:
          `<g transform="translate(-130 20) scale(0.95)">${draw(single)}</g>` +
          `<g transform="translate(330 330) scale(0.6)">${draw(small)}</g>`,
        focus: [400, 520],
        structural: true,
      };
    }
  }
}

/** A point of the smooth path through the given cubic Bézier segments (start, then three per segment). */
function cubic(t: number, ...points: Array<[number, number]>): [number, number] {
  const segments = (points.length - 1) / 3;
  const scaled = Math.min(t * segments, segments - 1e-9);
  const index = Math.floor(scaled);
  const local = scaled - index;
  const [p0, p1, p2, p3] = points.slice(index * 3, index * 3 + 4) as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const u = 1 - local;
  const at = (i: 0 | 1) =>
    u * u * u * p0[i] +
    3 * u * u * local * p1[i] +
    3 * u * local * local * p2[i] +
    local * local * local * p3[i];
  return [at(0), at(1)];
}

const HANGER = `<g stroke="#b89b72" stroke-linecap="round" fill="none">
  <path d="M 400 190 L 400 165 C 400 140 436 140 436 116 C 436 96 414 88 400 100" stroke-width="7"/>
  <path d="M 250 252 L 400 188 L 550 252" stroke-width="11"/></g>`;

function transformFor(view: View, focus: [number, number]): string {
  switch (view) {
    case 'front':
      return '';
    case 'detail':
      return `translate(400 500) scale(2.1) translate(${-focus[0]} ${-focus[1]})`;
    case 'angle':
      return 'rotate(-7 400 520) translate(10 10)';
    case 'back':
      return 'translate(800 0) scale(-1 1)';
  }
}

/** The picture as SVG: backdrop, soft light, a floor shadow, then the piece itself in its colour and pattern. */
export function artworkSvg(art: Artwork, width = ARTWORK_WIDTH): string {
  const { kind, colour, accent, pattern, view } = art;
  const shape = shapeOf(kind, colour, accent);
  const [from, to] = view === 'angle' ? [art.backdrop[1], art.backdrop[0]] : art.backdrop;
  const fabric = patternDefs(pattern, accent);
  const withPattern = (d: string) => (fabric && d ? `<path d="${d}" fill="url(#fabric)"/>` : '');
  const piece = [
    shape.onHanger ? HANGER : '',
    shape.behind ?? '',
    shape.outline ? cloth(shape.outline) : '',
    withPattern(shape.outline),
    view === 'back' && !shape.structural ? '' : (shape.details ?? ''),
  ].join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * CANVAS_HEIGHT) / CANVAS_WIDTH)}" viewBox="0 0 ${CANVAS_WIDTH} ${CANVAS_HEIGHT}">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0.4" y2="1">
      <stop offset="0" stop-color="${lighter(from, 0.6)}"/><stop offset="0.4" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#000000" stop-opacity="0.16"/><stop offset="1" stop-color="#000000" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${lighter(colour, 0.22)}"/>
      <stop offset="0.55" stop-color="${colour}"/>
      <stop offset="1" stop-color="${darker(colour, 0.18)}"/>
    </linearGradient>
    ${fabric}
  </defs>
  <rect width="${CANVAS_WIDTH}" height="${CANVAS_HEIGHT}" fill="url(#backdrop)"/>
  <circle cx="660" cy="160" r="120" fill="#ffffff" fill-opacity="0.22"/>
  <circle cx="120" cy="820" r="90" fill="#ffffff" fill-opacity="0.18"/>
  <rect x="0" y="905" width="${CANVAS_WIDTH}" height="95" fill="#ffffff" fill-opacity="0.25"/>
  <ellipse cx="400" cy="905" rx="300" ry="34" fill="url(#floor)"/>
  <g transform="${transformFor(view, shape.focus)}">${piece}</g>
</svg>`;
}

/** The picture as raw RGB pixels, ready for the image pipeline's encoder. */
export async function renderArtwork(art: Artwork, width = ARTWORK_WIDTH): Promise<RawPixels> {
  const { data, info } = await sharp(Buffer.from(artworkSvg(art, width)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}
