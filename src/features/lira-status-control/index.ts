export { statusChangeRequested, statusButtonClicked, resubscribeRequired } from './model';
export { StatusControl } from './ui/status-control';
