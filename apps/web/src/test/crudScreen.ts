/**
 * What the screens' unit tests do alike on a list screen: render it and wait for it, find a row, search, see the
 * empty list, save a dialog, delete a row after the confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { renderApp } from '../components/testing/render';

/** Renders a screen and waits for its root, by its test id: the place to look for its content. */
export async function renderScreen(ui: ReactElement, testId: string) {
  renderApp(ui);
  return screen.findByTestId(testId);
}

/** The table row that shows `text`, once it shows. */
export const rowWith = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

/** The dialog on show (antd keeps a closed one in the page, hidden). */
export const shownDialog = () =>
  document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal') as HTMLElement;

/** Opens the edit dialog of the row that shows `text`; the row. */
export async function editRow(text: string) {
  const row = await rowWith(text);
  fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
  return row;
}

/** Searches by one field of the screen's search form: types the value and presses 搜索. */
export function searchBy(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
}

/** The list shows its empty state. */
export const expectEmptyList = () => expect(document.querySelector('.ant-table-tbody')).toHaveTextContent('暂无数据');

/** Presses a button of a dialog (保存, 修改) and waits until the server got `count` saves in all. */
export async function saveDialog(dialog: HTMLElement, button: RegExp, submits: unknown[], count = 1) {
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(submits).toHaveLength(count));
}

/** Deletes a row by its 删除 and the confirmation: the server gets these ids and 删除成功 shows. */
export async function deleteRowConfirmed(row: HTMLElement, removes: string[][], ids: string[][]) {
  fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
  const confirm = (await screen.findByText('确定将选择数据删除?')).closest('.ant-modal') as HTMLElement;
  fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(removes).toEqual(ids));
  expect(await screen.findByText('删除成功')).toBeInTheDocument();
}

/** Renders a list screen and, once its list shows `text`, opens its 新增 dialog. */
export async function renderThenAdd(ui: ReactElement, text: string) {
  renderApp(ui);
  await screen.findByText(text);
  fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
}
