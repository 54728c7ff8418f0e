/** Monitoring stations the network is tied to (codes, names and places as seeded by modules/monitor). */
export const MONITOR_TIES = {
  sources: [
    { code: 'SC001', name: '第四水厂', lon: 117.31, lat: 31.93, capacity: 300_000, subtype: 'plant' },
    { code: 'SC002', name: '第六水厂', lon: 117.2, lat: 31.93, capacity: 400_000, subtype: 'plant' },
    { code: 'SC003', name: '第八水厂', lon: 117.13, lat: 31.8, capacity: 200_000, subtype: 'plant' },
  ],
  pumps: [
    { code: 'BZ001', name: '滨湖加压泵站', lon: 117.28, lat: 31.74, power: 315 },
    { code: 'BZ002', name: '高新区加压泵站', lon: 117.12, lat: 31.83, power: 250 },
  ],
  dmas: [
    { code: 'LL001', dno: 'DMA01', name: '蜀山DMA01', lon: 117.19, lat: 31.85 },
    { code: 'LL002', dno: 'DMA02', name: '瑶海DMA02', lon: 117.34, lat: 31.87 },
    { code: 'LL003', dno: 'DMA03', name: '包河DMA03', lon: 117.29, lat: 31.8 },
  ],
  wq: [
    { code: 'SZ001', name: '第四水厂出厂水质', lon: 117.312, lat: 31.932 },
    { code: 'SZ002', name: '政务区管网水质', lon: 117.24, lat: 31.82 },
  ],
} as const;
