/**
 * Time-range selector (spec 1 §2.12, §3, §4): customize (presets or a date range) or period (2 to 3 dates of
 * one dimension compared). The value is `TimeRangeValue` (see lib/timeRange).
 */
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Radio, Space, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  addPeriodDate,
  choosePeriod,
  clickPreset,
  DIMENSIONS,
  type Dimension,
  defaultCustomRange,
  PERIOD_LIMIT,
  PERIOD_MIN,
  PRESETS,
  pickRange,
  removePeriodDate,
  setPeriodDate,
  TIME_FORMAT,
  type TimeRangeValue,
} from '../../lib/timeRange';

export function initialTimeRange(): TimeRangeValue {
  const [startTime, endTime] = defaultCustomRange();
  return { major: 'customize', startTime, endTime };
}

export interface TimeRangeSelectorProps {
  value: TimeRangeValue;
  onChange(v: TimeRangeValue): void;
  /** offer the period mode (default true) */
  period?: boolean;
  limit?: number;
}

export function TimeRangeSelector({ value, onChange, period = true, limit = PERIOD_LIMIT }: TimeRangeSelectorProps) {
  const { t } = useTranslation();
  const picker = (d: Dimension) => (d === 'DAY' ? 'date' : d === 'MONTH' ? 'month' : 'year');
  return (
    <Space wrap data-testid="time-range">
      {period && (
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={value.major}
          onChange={(e) => onChange(e.target.value === 'period' ? choosePeriod('DAY') : initialTimeRange())}
          options={[
            { value: 'customize', label: t('widget.timeRange.customize') },
            { value: 'period', label: t('widget.timeRange.period') },
          ]}
        />
      )}
      {value.major === 'customize' ? (
        <>
          <Space size={4} wrap>
            {PRESETS.map((p) => (
              <Button
                key={p}
                size="small"
                type={value.preset === p ? 'primary' : 'default'}
                onClick={() => onChange(clickPreset(value, p))}
              >
                {t(`widget.timeRange.${p}`)}
              </Button>
            ))}
          </Space>
          <DatePicker.RangePicker
            showTime
            format={TIME_FORMAT}
            allowClear={false}
            value={[value.startTime ? dayjs(value.startTime) : null, value.endTime ? dayjs(value.endTime) : null]}
            placeholder={[t('widget.timeRange.start'), t('widget.timeRange.end')]}
            onChange={(r) => r?.[0] && r?.[1] && onChange(pickRange(r[0], r[1]))}
          />
        </>
      ) : (
        <>
          <Radio.Group
            value={value.dimension}
            onChange={(e) => onChange(choosePeriod(e.target.value))}
            options={DIMENSIONS.map((d) => ({ value: d, label: t(`widget.timeRange.${d}`) }))}
          />
          {value.items.map((it, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the dates are an ordered list edited in place
            <Space.Compact key={i}>
              <DatePicker
                picker={picker(value.dimension) as any}
                allowClear={false}
                value={dayjs(it.date)}
                onChange={(d) => d && onChange(setPeriodDate(value, i, d))}
              />
              {value.items.length > PERIOD_MIN && (
                <Button icon={<CloseOutlined />} onClick={() => onChange(removePeriodDate(value, i))} />
              )}
            </Space.Compact>
          ))}
          <Tooltip title={value.items.length >= limit ? t('widget.timeRange.limit', { n: limit }) : undefined}>
            <Button
              icon={<PlusOutlined />}
              disabled={value.items.length >= limit}
              onClick={() => onChange(addPeriodDate(value, limit))}
            >
              {t('widget.timeRange.addDate')}
            </Button>
          </Tooltip>
        </>
      )}
    </Space>
  );
}
