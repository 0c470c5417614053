export interface ParsedSize {
  /** Amount in comparison units (kg, l or pieces). */
  quantity: number;
  unit: 'kg' | 'l' | 'kpl';
}

const TO_BASE: Record<string, [number, 'kg' | 'l']> = {
  kg: [1, 'kg'],
  g: [0.001, 'kg'],
  l: [1, 'l'],
  dl: [0.1, 'l'],
  cl: [0.01, 'l'],
  ml: [0.001, 'l'],
};

const num = (text: string) => Number(text.replace(',', '.'));

/**
 * Reads the package size from a Finnish product name: '1,5 l', '500 g', '6 x 0,33 l', '4 kpl 280 g'
 * (weight wins over a piece count), '10 kpl', '8 rl'. Returns null for loose goods without a size.
 */
export function parseSize(name: string): ParsedSize | null {
  const multi = /(\d+)\s*x\s*(\d+(?:,\d+)?)\s*(kg|g|dl|cl|ml|l)(?![\p{L}\d])/iu.exec(name);
  if (multi) {
    const [factor, unit] = TO_BASE[multi[3].toLowerCase()];
    return { quantity: Number(multi[1]) * num(multi[2]) * factor, unit };
  }
  const measures = [...name.matchAll(/(?<![\p{L}\d,])(\d+(?:,\d+)?)\s*(kg|g|dl|cl|ml|l)(?![\p{L}\d])/giu)];
  if (measures.length > 0) {
    const last = measures[measures.length - 1];
    const [factor, unit] = TO_BASE[last[2].toLowerCase()];
    return { quantity: num(last[1]) * factor, unit };
  }
  const pieces = [...name.matchAll(/(?<![\p{L}\d,])(\d+)\s*(kpl|rl)(?![\p{L}\d])/giu)];
  if (pieces.length > 0) return { quantity: Number(pieces[pieces.length - 1][1]), unit: 'kpl' };
  return null;
}
