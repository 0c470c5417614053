// Draws an EAN-13 barcode into a Y4M video (the raw YUV 4:2:0 format Chromium's fake camera plays with
// --use-file-for-fake-video-capture, looping it), so the scanner test shows the camera a real barcode.
// The bars follow GS1's EAN-13 symbol: guard bars 101, six left digits in the L or G code chosen by the first
// digit, the centre guard 01010, six right digits in the R code, guard bars 101, quiet zones either side.
import { writeFileSync } from 'node:fs';

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R = L.map((code) => [...code].map((bit) => (bit === '0' ? '1' : '0')).join(''));
const G = R.map((code) => [...code].reverse().join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 symbol as '1' (bar) and '0' (space). */
export function ean13Modules(ean) {
  if (!/^\d{13}$/.test(ean)) throw new Error(`not an EAN-13: ${ean}`);
  const digits = [...ean].map(Number);
  const parity = PARITY[digits[0]];
  let modules = '101';
  for (let i = 1; i <= 6; i++) modules += (parity[i - 1] === 'L' ? L : G)[digits[i]];
  modules += '01010';
  for (let i = 7; i <= 12; i++) modules += R[digits[i]];
  return `${modules}101`;
}

/** Writes `frames` frames of a width × height video showing the code's bars, black on white, centred. */
export function writeBarcodeY4m(file, ean, { width = 640, height = 480, moduleWidth = 4, frames = 10 } = {}) {
  const modules = ean13Modules(ean);
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  if (left < 10 * moduleWidth) throw new Error('the video is too narrow for the barcode and its quiet zones');
  const luma = Buffer.alloc(width * height, 235);
  const top = Math.floor(height * 0.2);
  const bottom = Math.floor(height * 0.8);
  for (let y = top; y < bottom; y++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] === '1') luma.fill(16, y * width + left + m * moduleWidth, y * width + left + (m + 1) * moduleWidth);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
