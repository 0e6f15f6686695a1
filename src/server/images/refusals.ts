import { messages } from '@/shared/messages';
import { AppError, type ErrorCode } from '../errors';

/** Why an upload was refused: a form that words these its own way (the checkout) maps the reason. */
export type ImageRefusal = 'notAnImage' | 'tooLarge';

const ANSWERS: Record<ImageRefusal, { code: ErrorCode; message: string }> = {
  notAnImage: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.admin.notAnImage },
  tooLarge: { code: 'PAYLOAD_TOO_LARGE', message: messages.admin.imageTooLarge },
};

/** An upload the image code refuses, answered in the admin forms' words unless a caller rewords it. */
export class ImageRefused extends AppError {
  readonly refusal: ImageRefusal;

  constructor(refusal: ImageRefusal) {
    super(ANSWERS[refusal].code, ANSWERS[refusal].message);
    this.name = 'ImageRefused';
    this.refusal = refusal;
  }
}
