/**
 * Reads EAN-8/EAN-13 codes from the camera's video: the browser's own BarcodeDetector where it has one that knows
 * EAN (Chrome on Android and macOS, Safari), else ZXing's JavaScript port (@zxing/browser), which is downloaded only
 * here, when the scanner opens (a separate chunk: the main bundle does not carry it).
 */

export interface FrameReader {
  /** Which decoder reads: the browser's or the library's. */
  kind: 'native' | 'zxing';
  /** The code in the frame the video shows now, or null. */
  read(video: HTMLVideoElement): Promise<string | null>;
}

interface DetectedBarcode {
  rawValue: string;
}
interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

const EAN_FORMATS = ['ean_13', 'ean_8'];

async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    if (!EAN_FORMATS.every((f) => formats.includes(f))) return null;
    const detector = new Detector({ formats: EAN_FORMATS });
    return { kind: 'native', read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
  } catch {
    return null;
  }
}

async function zxingReader(): Promise<FrameReader> {
  const [{ BrowserMultiFormatOneDReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
  const hints = new Map<number, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new BrowserMultiFormatOneDReader(hints as never);
  return {
    kind: 'zxing',
    read: async (video) => {
      if (video.readyState < 2 || video.videoWidth === 0) return null;
      try {
        return reader.decode(video).getText();
      } catch {
        return null; // no code in this frame
      }
    },
  };
}

/** The browser's reader when it has one for EAN, else the library's. */
export async function createFrameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? zxingReader();
}
