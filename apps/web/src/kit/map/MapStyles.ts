import { createGlobalStyle } from 'styled-components';

/** Marker, cluster and popup styles of the map chunks (colours from the theme). */
export const MapStyles = createGlobalStyle`
  .leaflet-container.leaflet-container { font: inherit; background: ${({ theme }) => theme.colors.surfaceAlt}; }
  .leaflet-control-layers.leaflet-control-layers { font: inherit; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  .hk-cluster { background: ${({ theme }) => theme.colors.clusterHalo}; border-radius: 50%; }
  .hk-cluster div {
    width: 32px; height: 32px; margin: 4px; border-radius: 50%;
    display: flex; align-items: center; justify-content: center;
    color: ${({ theme }) => theme.colors.onPrimary}; font-weight: 800; font-size: 13px;
  }
  .hk-cluster--small div { background: ${({ theme }) => theme.colors.clusterSmall}; }
  .hk-cluster--medium div { background: ${({ theme }) => theme.colors.clusterMedium}; }
  .hk-cluster--large div { background: ${({ theme }) => theme.colors.clusterLarge}; }
  .hk-pin { background: none; border: 0; }
  .hk-pin__dot {
    display: flex; align-items: center; justify-content: center;
    width: 28px; height: 28px; border-radius: 50% 50% 50% 0; transform: rotate(-45deg);
    border: 2px solid ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }
  .hk-pin--S .hk-pin__dot { background: ${({ theme }) => theme.colors.groupS}; }
  .hk-pin--K .hk-pin__dot { background: ${({ theme }) => theme.colors.groupK}; }
  .hk-pin--L .hk-pin__dot { background: ${({ theme }) => theme.colors.groupL}; }
  .hk-pin--highlight .hk-pin__dot { outline: 3px solid ${({ theme }) => theme.colors.accent}; }
  .leaflet-tooltip.hk-total {
    font-weight: 800; padding: 2px 6px; border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.text};
  }
  .leaflet-tooltip.hk-total--cheapest { background: ${({ theme }) => theme.colors.successSoft}; color: ${({ theme }) => theme.colors.success}; border-color: ${({ theme }) => theme.colors.success}; }
  .leaflet-popup-content { margin: 10px 14px; }
  .leaflet-popup-content a { font-weight: 700; }
`;
