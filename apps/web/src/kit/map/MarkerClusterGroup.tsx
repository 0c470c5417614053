import { createElementObject, createLayerComponent, extendContext, type LayerProps } from '@react-leaflet/core';
import type { ReactNode } from 'react';
import { CLUSTER_RADIUS_PX } from '@hintakori/web-util';
import { clusterIcon, L } from './leaflet';

export interface MarkerClusterGroupProps extends LayerProps {
  children?: ReactNode;
}

/** A cluster layer whose react-leaflet children (markers) are clustered: radius 80 px, 40 px icons. */
export const MarkerClusterGroup = createLayerComponent<L.MarkerClusterGroup, MarkerClusterGroupProps>((_props, context) => {
  const group = L.markerClusterGroup({
    maxClusterRadius: CLUSTER_RADIUS_PX,
    iconCreateFunction: clusterIcon,
    showCoverageOnHover: false,
    chunkedLoading: true,
  });
  return createElementObject(group, extendContext(context, { layerContainer: group }));
});
