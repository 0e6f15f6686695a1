/** The shop's WhatsApp chat links a server message may end with ('… on WhatsApp: https://wa.me/2010…'). */
const CHAT_LINK = /(https:\/\/wa\.me\/\d+)/;

/** A message with its wa.me links made links, the rest as text (never as markup). */
export function TextWithLinks({ text }: { text: string }) {
  return text.split(CHAT_LINK).map((part, index) =>
    index % 2 === 1 ? (
      <a
        key={index}
        href={part}
        target="_blank"
        rel="noreferrer"
        dir="ltr"
        className="font-semibold underline"
      >
        {part}
      </a>
    ) : (
      part
    ),
  );
}
