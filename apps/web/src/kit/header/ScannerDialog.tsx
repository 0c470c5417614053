import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { checkEan, EAN_PROBLEMS_FI } from '@hintakori/shared-util';
import { Button, ErrorBox, InfoBox, Modal, Row, Stack, TextInput } from '@hintakori/web-ui';
import { entitySlug } from '@hintakori/web-util';
import { useSelectedStoreIds } from '../../app/hooks';
import { useLazyGetItemByEanQuery } from '../api/items.api';
import { createFrameReader, type FrameReader } from './barcode-reader';

const Video = styled.video`
  width: 100%;
  max-height: 50vh;
  background: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.md};
  object-fit: cover;
`;

/** How often a frame is read: often enough to feel instant, seldom enough to leave the phone's CPU alone. */
const READ_EVERY_MS = 200;

type Camera = { state: 'starting' } | { state: 'on'; decoder: FrameReader['kind'] | null } | { state: 'off'; why: string };

const cameraProblem = (error: unknown): string => {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Kameran käyttöä ei sallittu. Voit kirjoittaa viivakoodin numerot alle.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'Laitteesta ei löytynyt kameraa. Voit kirjoittaa viivakoodin numerot alle.';
  return 'Kameraa ei saatu käyttöön. Voit kirjoittaa viivakoodin numerot alle.';
};

/**
 * "Skannaa viivakoodi": the back camera reads an EAN-8/EAN-13 and the product opens with its prices in the chosen
 * stores. Without a camera (or with its use refused) the digits can be typed; the same checks run on both.
 */
export function ScannerDialog({ open, onClose, onTextSearch }: { open: boolean; onClose: () => void; onTextSearch: () => void }) {
  const navigate = useNavigate();
  const storeIds = useSelectedStoreIds();
  const [lookUp, lookup] = useLazyGetItemByEanQuery();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>({ state: 'starting' });
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const found = useRef(false);

  const find = async (ean: string) => {
    setUnknown(null);
    setFailed(false);
    const result = await lookUp({ ean, storeIds });
    if (result.data) {
      found.current = true;
      onClose();
      navigate(`/tuotteet/${entitySlug(result.data)}`);
      return;
    }
    const status = (result.error as { status?: unknown } | undefined)?.status;
    if (status === 404) setUnknown(ean);
    else setFailed(true);
  };

  useEffect(() => {
    if (!open) return undefined;
    found.current = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera({ state: 'off', why: 'Tämä selain ei anna käyttää kameraa. Voit kirjoittaa viivakoodin numerot alle.' });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (!stopped) setCamera({ state: 'off', why: cameraProblem(error) });
        return;
      }
      // The dialog's content may mount a frame after it opens.
      for (let i = 0; i < 30 && !video.current && !stopped; i++) await new Promise((r) => window.requestAnimationFrame(r));
      if (stopped || !video.current) return stop();
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setCamera({ state: 'on', decoder: null });
      const reader = await createFrameReader();
      if (stopped) return undefined;
      setCamera({ state: 'on', decoder: reader.kind });
      let lastBad: string | null = null;
      const tick = async () => {
        if (stopped || !video.current) return;
        const code = await reader.read(video.current).catch(() => null);
        if (stopped) return;
        const ean = code ? checkEan(code) : null;
        if (ean?.ok) {
          stop();
          setCamera({ state: 'off', why: `Luettu viivakoodi ${ean.ean}.` });
          void find(ean.ean);
          return;
        }
        if (code && code !== lastBad) lastBad = code; // a misread frame: keep reading
        timer = window.setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
      return undefined;
    };
    setCamera({ state: 'starting' });
    void start();
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submitTyped = () => {
    const ean = checkEan(typed);
    if (!ean.ok) {
      setTypedError(EAN_PROBLEMS_FI[ean.problem]);
      return;
    }
    setTypedError(null);
    void find(ean.ean);
  };

  return (
    <Modal open={open} onClose={onClose} title="Skannaa viivakoodi" testId="scanner" width={520}>
      <Stack>
        {camera.state === 'off' ? (
          <InfoBox data-testid="camera-off">{camera.why}</InfoBox>
        ) : (
          <>
            <Video ref={video} muted playsInline aria-label="Kameran kuva" data-testid="scanner-video" data-decoder={camera.state === 'on' ? (camera.decoder ?? '') : ''} />
            <p>{camera.state === 'starting' ? 'Käynnistetään kameraa…' : 'Osoita kameralla tuotteen viivakoodia.'}</p>
          </>
        )}
        {lookup.isFetching ? <p>Haetaan tuotetta…</p> : null}
        {unknown ? (
          <ErrorBox data-testid="scanner-unknown">
            Viivakoodilla {unknown} ei löytynyt tuotetta.{' '}
            <Button variant="ghost" onClick={onTextSearch} data-testid="scanner-text-search">
              Hae tuotetta nimellä
            </Button>
          </ErrorBox>
        ) : null}
        {failed ? <ErrorBox>Tuotteen haku epäonnistui. Yritä uudelleen.</ErrorBox> : null}
        <form
          onSubmit={(e) => {
            // The dialog sits in the search box's form in React's tree: its submit is not a text search.
            e.preventDefault();
            e.stopPropagation();
            submitTyped();
          }}
        >
          <Row style={{ alignItems: 'flex-end' }}>
            <TextInput
              label="Viivakoodin numerot"
              name="ean"
              inputMode="numeric"
              autoComplete="off"
              value={typed}
              error={typedError ?? undefined}
              data-testid="scanner-digits"
              onChange={(e) => {
                setTyped(e.target.value);
                setTypedError(null);
              }}
            />
            <Button type="submit" variant="primary" disabled={lookup.isFetching}>
              Hae
            </Button>
          </Row>
        </form>
      </Stack>
    </Modal>
  );
}

export default ScannerDialog;
