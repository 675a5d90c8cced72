/**
 * The bot token used when TELEGRAM_BOT_TOKEN is not set: the offline stand-in and dev-signed
 * Mini App launches verify with it. It is public by design and refused in production mode.
 */
export const DEV_BOT_TOKEN = '1000000000:DEV_kvarta_offline_stand_in_token_00';
export const DEV_BOT_USERNAME = 'kvarta_dev_bot';
