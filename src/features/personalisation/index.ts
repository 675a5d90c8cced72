export { PersonalisationSwitch, PersonalisationSection, PersonalisationOffNotice, usePersonalisation } from './ui/personalisation-switch';
export {
  personalisationToggled,
  savePersonalisationFx,
  $pendingPersonalisation,
  personalisationFailureText,
} from './model/personalisation';
