/** Strings of the map widgets (equipment picker, map & coordinate dialog) and of the network map screens. */
export const zh = {
  menu: { gis: { index: '管网GIS', map: '管网地图', burstEvent: '爆管事件' } },
  button: { gisAnalyse: '爆管分析', gisCloseValve: '关阀登记', gisShare: '分享链接' },
  gisMap: {
    ok: '确定',
    cancel: '取消',
    picker: {
      title: '设备选择',
      hint: '在地图上点击设备位置',
      none: '点击处附近没有设备',
      code: '编号',
      name: '名称',
      layer: '图层',
      distance: '距离',
      pick: '选择设备',
      placeholder: '请选择设备',
    },
    coord: {
      title: '地图与坐标',
      place: '地点',
      hint: '在地图上点击位置',
      point: '经度 {{lon}} 纬度 {{lat}} · X {{x}} Y {{y}} (EPSG:4548)',
      pick: '地图选点',
      placeholder: '请在地图上选择位置',
    },
  },
};

export const en = {
  menu: { gis: { index: 'Pipe GIS', map: 'Network map', burstEvent: 'Burst events' } },
  button: { gisAnalyse: 'Burst analysis', gisCloseValve: 'Record valve closed', gisShare: 'Share link' },
  gisMap: {
    ok: 'OK',
    cancel: 'Cancel',
    picker: {
      title: 'Select equipment',
      hint: 'Click the equipment on the map',
      none: 'No equipment near the click',
      code: 'Code',
      name: 'Name',
      layer: 'Layer',
      distance: 'Distance',
      pick: 'Select equipment',
      placeholder: 'Select equipment',
    },
    coord: {
      title: 'Map and coordinates',
      place: 'Place',
      hint: 'Click a place on the map',
      point: 'Longitude {{lon}} latitude {{lat}} · X {{x}} Y {{y}} (EPSG:4548)',
      pick: 'Pick on map',
      placeholder: 'Pick a place on the map',
    },
  },
};
