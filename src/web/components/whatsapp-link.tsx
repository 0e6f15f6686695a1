import { MessageCircle } from 'lucide-react';
import { chatLink } from '@/shared/whatsapp';
import { whatsappNumber } from '@/web/lib/shop';

interface WhatsAppLinkProps {
  /** What the link says, and its accessible name. */
  label: string;
  /** The message typed into the chat for the shopper to send. */
  text: string;
  className?: string;
}

/**
 * A chat with the shop on WhatsApp, `text` ready to send, in a new tab (the app on a phone). Nothing at
 * all when the shop has no WhatsApp number (SHOP_WHATSAPP unset).
 */
export function WhatsAppLink({ label, text, className = 'btn btn-outline' }: WhatsAppLinkProps) {
  // The server checked SHOP_WHATSAPP and wrote its digits: the shop's pages need not check it again.
  const digits = whatsappNumber();
  if (!digits) return null;
  return (
    <a href={chatLink(digits, text)} target="_blank" rel="noopener noreferrer" className={className}>
      <MessageCircle className="size-4 shrink-0" aria-hidden="true" />
      {label}
    </a>
  );
}
