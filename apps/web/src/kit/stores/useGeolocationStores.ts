import { useState } from 'react';
import { AUTO_SELECT_NEAREST, boundingBox, nearest } from '@hintakori/web-util';
import { useAppDispatch } from '../../app/hooks';
import { useLazyGetStoresByLocationQuery } from '../api/stores.api';
import { storesReplaced, toSelectedStore } from './stores.slice';

export type GeoState = 'idle' | 'locating' | 'loading' | 'error';

/** Takes the device position, loads stores in a 5 km box and selects the 4 nearest. */
export function useGeolocationStores() {
  const dispatch = useAppDispatch();
  const [fetchStores] = useLazyGetStoresByLocationQuery();
  const [state, setState] = useState<GeoState>('idle');
  const [message, setMessage] = useState<string | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setState('error');
      setMessage('Selaimesi ei tue sijainnin hakua.');
      return;
    }
    setState('locating');
    setMessage(null);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        const { latitude: lat, longitude: long } = position.coords;
        setState('loading');
        const result = await fetchStores({ ...boundingBox(lat, long), lat, long });
        if (result.data) {
          const closest = nearest(result.data, lat, long, AUTO_SELECT_NEAREST);
          if (closest.length > 0) dispatch(storesReplaced(closest.map(toSelectedStore)));
          else setMessage('Läheltä ei löytynyt kauppoja.');
        }
        setState('idle');
      },
      () => {
        setState('error');
        setMessage('Sijaintia ei saatu. Salli sijainnin käyttö tai hae kauppoja nimellä.');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  return { locate, state, message };
}
