export { MyDataPage } from './ui/my-data-page';
