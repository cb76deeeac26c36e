import { MESSAGES } from '../../../core/messages';

/** What a person sees when their prompt is refused, by our moderation or by the image model's own filter. */
export const DECLINED_MESSAGE = MESSAGES.promptDeclined;
