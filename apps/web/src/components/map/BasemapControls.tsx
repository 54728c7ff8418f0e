/**
 * The basemap's controls of a SwpMap: the switch between the online and offline basemap, the administrator's
 * button to the online basemap setting (and its dialog), and the notice that the offline basemap took over.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';
import { TileSettingsDialog } from './TileSettingsDialog';
import type { BasemapMode, useOnlineBasemap } from './useOnlineBasemap';

export function BasemapControls({
  basemap,
  online: ob,
}: {
  basemap: boolean;
  online: ReturnType<typeof useOnlineBasemap>;
}) {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.roles.includes('administrator'));
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <>
      {basemap && (ob.online || isAdmin) && (
        <div
          style={{ position: 'absolute', top: 8, right: 8, zIndex: 10, display: 'flex', gap: 4, alignItems: 'center' }}
        >
          {ob.online && (
            <Segmented
              size="small"
              data-testid="map-basemap-switch"
              aria-label={t('swpMap.basemapSwitch')}
              value={ob.mode}
              onChange={(v) => ob.choose(v as BasemapMode)}
              options={[
                { value: 'online', label: t('swpMap.online') },
                { value: 'offline', label: t('swpMap.offline') },
              ]}
            />
          )}
          {isAdmin && (
            <Tooltip title={t('swpMap.tiles.open')}>
              <Button
                size="small"
                icon={<SettingOutlined />}
                aria-label={t('swpMap.tiles.open')}
                data-testid="map-tile-settings"
                onClick={() => setSettingsOpen(true)}
              />
            </Tooltip>
          )}
        </div>
      )}
      {ob.fellBack && (
        <Alert
          type="warning"
          showIcon
          closable
          data-testid="map-basemap-fallback"
          message={t('swpMap.fallback')}
          onClose={ob.dismissFallback}
          style={{ position: 'absolute', top: 44, right: 8, zIndex: 10, maxWidth: 320 }}
        />
      )}
      {isAdmin && (
        <TileSettingsDialog
          open={settingsOpen}
          onClose={(saved) => {
            setSettingsOpen(false);
            if (saved) ob.reload();
          }}
        />
      )}
    </>
  );
}
