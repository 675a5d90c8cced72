export { PersonalisationSwitch, PersonalisationSection, PersonalisationOffNotice } from './ui/personalisation-switch';
export { personalisationToggled, savePersonalisationFx, $personalisationShadow } from './model/personalisation';
export { personalisationQuery } from './api/personalisation-query';
