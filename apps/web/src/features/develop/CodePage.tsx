/**
 * 代码生成 (`/api/blade-develop/code`, like Saber's tool/code): the settings code is generated from — a module name,
 * a title, a table of a data source (the source first, then one of its tables) and a prefix to strip. Search,
 * paging, add, edit, view, delete after the confirmation; 复制 on a row; 代码生成 on the chosen rows shows the files
 * they generate and downloads them as the zip the server produces.
 */
import { CodeOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { bladeCodeApi } from '../../api/lowcode';
import { CodePreviewDialog, type CodeSource } from '../../components/CodePreviewDialog';
import { type CrudHandle, CrudPage, RowButton } from '../../components/crud';
import { usePermission } from '../../stores/session';
import { codeBody, previewFiles, settingsName } from './codes';
import { codeColumns } from './columns';

const PERMISSION = 'code_gen';

export default function CodePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
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
        columns={codeColumns}
        title="develop.code.title"
        permission={PERMISSION}
        testId="develop-code-page"
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
