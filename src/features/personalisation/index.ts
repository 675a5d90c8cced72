export { PersonalisationSwitch, PersonalisationSection, PersonalisationOffNotice, usePersonalisation } from './ui/personalisation-switch';
export { personalisationToggled, savePersonalisationFx, $personalisationShadow, personalisationFailureText } from './model/personalisation';
export { personalisationQuery } from './api/personalisation-query';
