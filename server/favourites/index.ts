export { refreshMarks, marksOf, saveNote, setAlerts, observe } from './marks';
export { runFavouriteAlerts } from './alerts';
