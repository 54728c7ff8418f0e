/** The dictionary screens' default exports, one per registered path. */
import { DictLayoutPage, DictScreen } from './DictPage';

export const DictSystemPage = () => <DictScreen family="dict" layout="horizontal" />;
export const DictBizPage = () => <DictScreen family="dict-biz" layout="horizontal" />;
export const DictHorizontalPage = () => <DictLayoutPage layout="horizontal" />;
export const DictVerticalPage = () => <DictLayoutPage layout="vertical" />;
