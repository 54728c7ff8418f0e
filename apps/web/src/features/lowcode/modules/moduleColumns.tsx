/** 功能设计's list columns: keyword search, name, code, category, state (published or draft), order, modified. */
import type { LcModule } from '@swp/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { CrudColumn } from '../../../components/crud';

export const moduleColumns = (t: TFunction): CrudColumn<LcModule>[] => [
  { prop: 'keyword', label: 'lowcode.module.keyword', search: true, hide: true, display: false },
  { prop: 'fullName', label: 'lowcode.module.fullName', width: 200 },
  { prop: 'enCode', label: 'lowcode.module.enCode', width: 160 },
  { prop: 'category', label: 'lowcode.module.category', width: 120 },
  {
    prop: 'state',
    label: 'lowcode.module.state',
    width: 100,
    render: (v) =>
      Number(v) === 1 ? (
        <Tag color="green">{t('lowcode.module.published')}</Tag>
      ) : (
        <Tag>{t('lowcode.module.draft')}</Tag>
      ),
  },
  { prop: 'sortCode', label: 'lowcode.module.sortCode', width: 80 },
  { prop: 'lastModifyTime', label: 'lowcode.module.modified', width: 170, render: (v, r) => v ?? r.creatorTime },
];
