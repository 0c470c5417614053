// Leaflet and the marker-cluster plugin. Only map chunks import this module.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
// The plugin extends the global L that Leaflet's UMD build sets; it must load after 'leaflet'.
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { CLUSTER_ICON_PX } from '@hintakori/web-util';
import { storeGroup } from '../stores/chains';

export { L };

export type ClusterSize = 'small' | 'medium' | 'large';

/** Size classes: small below 10, medium below 100, large otherwise. */
export function clusterSizeClass(count: number): ClusterSize {
  if (count < 10) return 'small';
  if (count < 100) return 'medium';
  return 'large';
}

export function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  return L.divIcon({
    html: `<div><span>${count}</span></div>`,
    className: `hk-cluster hk-cluster--${clusterSizeClass(count)}`,
    iconSize: L.point(CLUSTER_ICON_PX, CLUSTER_ICON_PX),
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Store pin coloured by retail group. */
export function storeIcon(type: string, label?: string, highlighted = false): L.DivIcon {
  const group = storeGroup(type);
  return L.divIcon({
    html: `<span class="hk-pin__dot">${label ? escapeHtml(label) : ''}</span>`,
    className: `hk-pin hk-pin--${group}${highlighted ? ' hk-pin--highlight' : ''}`,
    iconSize: L.point(28, 28),
    iconAnchor: L.point(14, 28),
    popupAnchor: L.point(0, -26),
    tooltipAnchor: L.point(0, -26),
  });
}
