/**
 * Code generation preview: the generated files (server module, React screen, menu SQL) listed by path with their
 * text, and the zip download. An online module's come from `/api/visualdev/Generater/{id}/Actions/CodePreview` and
 * `Actions/DownloadCode`; any other source (代码生成's settings) brings its own `preview` and `download`.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Layout, Menu, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generaterApi } from '../api/lowcode';
import { saveBlob } from '../lib/download';

export interface GeneratedFile {
  path: string;
  content: string;
}

/** The preview reply (`{ list }` or a bare list; `path`/`fileName` and `content`/`fileContent`) as files. */
export function filesOf(data: unknown): GeneratedFile[] {
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { list?: unknown[] })?.list)
      ? (data as { list: unknown[] }).list
      : [];
  return list
    .map((f) => f as Record<string, unknown>)
    .map((f) => ({
      path: String(f.path ?? f.fileName ?? f.name ?? ''),
      content: String(f.content ?? f.fileContent ?? ''),
    }))
    .filter((f) => f.path);
}

export type CodeSource =
  | { kind: 'module'; id: string; name: string }
  | {
      kind: 'files';
      name: string;
      preview(): Promise<GeneratedFile[]>;
      download(): Promise<{ blob: Blob; fileName: string }>;
    };

const previewOf = async (s: CodeSource) =>
  s.kind === 'module' ? filesOf(await generaterApi.preview(s.id)) : s.preview();
const downloadOf = (s: CodeSource) => (s.kind === 'module' ? generaterApi.download(s.id) : s.download());

export function CodePreviewDialog({ source, onClose }: { source?: CodeSource; onClose(): void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<GeneratedFile[]>([]);
  const [active, setActive] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    if (!source) return;
    setFiles([]);
    setLoading(true);
    previewOf(source)
      .then((list) => {
        setFiles(list);
        setActive(list[0]?.path);
      })
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [source]);
  const current = files.find((f) => f.path === active);
  return (
    <Modal
      open={!!source}
      title={t('lowcode.code.title', { name: source?.name ?? '' })}
      width={1200}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={downloading}
          disabled={!files.length}
          onClick={async () => {
            setDownloading(true);
            try {
              const { blob, fileName } = await downloadOf(source!);
              saveBlob(blob, fileName);
            } catch {
              // the HTTP client has shown the server's reason
            } finally {
              setDownloading(false);
            }
          }}
        >
          {t('lowcode.code.download')}
        </Button>
      }
    >
      <Spin spinning={loading}>
        {files.length ? (
          <Layout style={{ height: '65vh', background: 'transparent' }}>
            <Layout.Sider width={320} theme="light" style={{ overflow: 'auto' }}>
              <Menu
                mode="inline"
                selectedKeys={active ? [active] : []}
                onClick={(e) => setActive(e.key)}
                items={files.map((f) => ({ key: f.path, label: f.path, title: f.path }))}
              />
            </Layout.Sider>
            <Layout.Content style={{ overflow: 'auto', paddingLeft: 12 }}>
              <Typography.Text strong>{current?.path}</Typography.Text>
              <pre data-testid="code-content" style={{ fontSize: 12, whiteSpace: 'pre', margin: 0 }}>
                {current?.content}
              </pre>
            </Layout.Content>
          </Layout>
        ) : (
          !loading && <Empty />
        )}
      </Spin>
    </Modal>
  );
}
