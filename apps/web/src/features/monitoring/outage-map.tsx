import { MONITOR_REGION_COORDINATES, type MonitorRegion, NO_PROBE_TEXT } from '@sitelens/contracts';
import { ComposableMap, Geographies, Geography, Marker } from 'react-simple-maps';
// The countries are served by this server with the app's own files, never by a CDN.
import atlasUrl from 'world-atlas/countries-110m.json?url';
import { type RegionStatus, regionLabel, regionStatuses } from './outage-timeline';
import './site-outage.css';

/** What the legend says of each status. */
export const REGION_STATUS_TEXT: Record<RegionStatus, string> = {
  down: 'Down',
  up: 'Up',
  'no-probe': NO_PROBE_TEXT,
};

/**
 * The world with a marker per region of the website: red down, green up, grey where no probe
 * measures; under it a legend naming each region with its status (the map's text, for everyone).
 */
export function OutageMap({
  regions,
  down,
  noProbe,
  compact = false,
}: {
  regions: readonly MonitorRegion[];
  down: readonly MonitorRegion[];
  noProbe: readonly MonitorRegion[];
  compact?: boolean;
}) {
  const statuses = regionStatuses(regions, down, noProbe);
  return (
    <div className={`outage-map${compact ? ' outage-map-compact' : ''}`}>
      <ComposableMap
        className="outage-map-svg"
        width={800}
        height={390}
        projectionConfig={{ scale: 150 }}
        role="img"
        aria-label="World map of the website's monitoring regions"
      >
        <Geographies geography={atlasUrl}>
          {({ geographies }) =>
            geographies.map((geography) => (
              <Geography
                key={geography.rsmKey}
                geography={geography}
                tabIndex={-1}
                className="outage-map-country"
              />
            ))
          }
        </Geographies>
        {statuses.map(({ region, status }) => (
          <Marker
            key={region}
            coordinates={MONITOR_REGION_COORDINATES[region]}
            className={`outage-marker outage-marker-${status}`}
          >
            <title>{`${regionLabel(region)}: ${REGION_STATUS_TEXT[status]}`}</title>
            <circle r={compact ? 9 : 7} />
          </Marker>
        ))}
      </ComposableMap>
      <ul className="outage-map-legend" aria-label="Regions">
        {statuses.map(({ region, status }) => (
          <li key={region} className={`outage-legend-${status}`}>
            <span className="outage-legend-dot" aria-hidden="true" />
            <span className="outage-legend-region">{regionLabel(region)}</span>
            <span className="outage-legend-status">{REGION_STATUS_TEXT[status]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
