/**
 * 代码生成 (`/api/blade-develop/code`, like Saber's tool/code): the settings code is generated from — a module name,
 * a title, a table of a data source (the source first, then one of its tables) and a prefix to strip. Search,
 * paging, add, edit, view, delete after the confirmation; 复制 on a row; 代码生成 on the chosen rows shows the files
 * they generate and downloads them as the zip the server produces.
 */
import { CodeOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { bladeCodeApi } from '../../api/lowcode';
import { CodePreviewDialog, type CodeSource } from '../../components/CodePreviewDialog';
import { type CrudColumn, type CrudHandle, CrudPage, RowButton, remarkColumn } from '../../components/crud';
import { usePermission } from '../../stores/session';
import { SourceSelect, sourceOptions, TableSelect } from './CodeFields';
import { CODE_NAME, CODE_NAME_MAX, codeBody, previewFiles, settingsName } from './codes';

const PERMISSION = 'code_gen';

export function codeColumns(t: (key: string) => string): CrudColumn[] {
  return [
    {
      prop: 'codeName',
      label: 'develop.code.codeName',
      search: true,
      required: 'develop.code.codeNameRequired',
      rules: [
        { max: CODE_NAME_MAX, message: 'develop.code.codeNameMax' },
        { pattern: CODE_NAME, message: 'develop.code.codeNamePattern' },
      ],
      tip: 'develop.code.codeNameTip',
      width: 180,
    },
    {
      prop: 'serviceName',
      label: 'develop.code.serviceName',
      search: true,
      required: 'develop.code.serviceNameRequired',
      rules: [{ max: 64, message: 'develop.code.serviceNameMax' }],
      tip: 'develop.code.serviceNameTip',
      width: 180,
    },
    {
      prop: 'datasourceId',
      label: 'develop.code.datasource',
      type: 'select',
      options: sourceOptions,
      required: 'develop.code.datasourceRequired',
      span: 12,
      component: ({ form, disabled }) => <SourceSelect form={form} disabled={disabled} />,
      width: 160,
    },
    {
      prop: 'tableName',
      label: 'develop.code.tableName',
      search: true,
      required: 'develop.code.tableNameRequired',
      span: 12,
      component: ({ form, disabled }) => <TableSelect form={form} disabled={disabled} />,
      render: (v, r) => v || (r.moduleId ? t('develop.code.fromModule') : ''),
      width: 200,
    },
    { prop: 'tablePrefix', label: 'develop.code.tablePrefix', tip: 'develop.code.tablePrefixTip', width: 110 },
    remarkColumn('develop.code.remark', { hide: true }),
  ];
}

export default function CodePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const columns = useMemo(() => codeColumns(t), [t]);
  const [preview, setPreview] = useState<CodeSource>();
  const canGenerate = usePermission(`${PERMISSION}_gen`);
  const canCopy = usePermission(`${PERMISSION}_add`);

  const generate = (h: CrudHandle) => {
    const rows = h.selected;
    if (!rows.length) {
      message.warning(t('crud.selectOne'));
      return;
    }
    const ids = rows.map((r) => String(r.id));
    setPreview({
      kind: 'files',
      name: settingsName(rows),
      preview: () => previewFiles(rows),
      download: () => bladeCodeApi.genCode(ids),
    });
  };

  const copy = async (row: Row, h: CrudHandle) => {
    try {
      const env = await bladeCodeApi.copy(String(row.id));
      message.success(env.msg);
      h.reload();
    } catch {
      // the HTTP client has shown the server's reason
    }
  };

  return (
    <>
      <CrudPage
        api={bladeCodeApi}
        columns={columns}
        title="develop.code.title"
        permission={PERMISSION}
        testId="develop-code-page"
        dialogWidth={880}
        beforeSubmit={(values) => codeBody(values)}
        toolbar={(h) =>
          canGenerate && (
            <Button icon={<CodeOutlined />} onClick={() => generate(h)} data-testid="code-generate">
              {t('develop.code.generate')}
            </Button>
          )
        }
        rowActions={(row, h) =>
          canCopy && (
            <RowButton icon={<CopyOutlined />} onClick={() => void copy(row, h)}>
              {t('develop.code.copy')}
            </RowButton>
          )
        }
      />
      <CodePreviewDialog source={preview} onClose={() => setPreview(undefined)} />
    </>
  );
}
