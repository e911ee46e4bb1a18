/**
 * The local stack's inbox, read as a person's mail client would not but a
 * test must: MailDev's REST API (`GET /api/email`, one message with its
 * headers, text and attachments). Waits for a signal (the message arriving),
 * polling briefly, never for a fixed time.
 */
export interface InboxMessage {
  id: string;
  subject: string;
  text: string;
  to: { address: string; name: string }[];
  attachments?: { filename: string; contentType: string; generatedFileName: string }[];
  time: string;
}

export function localInbox(mailUrl: string) {
  const list = async (): Promise<InboxMessage[]> => {
    const response = await fetch(`${mailUrl}/api/email`);
    if (!response.ok) throw new Error(`The local inbox answered ${response.status}`);
    return (await response.json()) as InboxMessage[];
  };
  const to = (address: string) => (message: InboxMessage) =>
    message.to.some((recipient) => recipient.address.toLowerCase() === address.toLowerCase());

  return {
    list,
    /** Every message to `address`, oldest first. */
    async messagesTo(address: string): Promise<InboxMessage[]> {
      return (await list()).filter(to(address));
    },
    /** Waits until a message to `address` matching `match` is there; fails after `timeoutMs`. */
    async waitFor(
      address: string,
      match: (message: InboxMessage) => boolean = () => true,
      timeoutMs = 20_000,
    ): Promise<InboxMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await list()).find((message) => to(address)(message) && match(message));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No message to ${address} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    /** An attachment's bytes, as text (MailDev keeps it under a name of its own). */
    async attachment(message: InboxMessage, fileName: string): Promise<string> {
      const stored = message.attachments?.find((attachment) => attachment.filename === fileName);
      if (!stored) throw new Error(`The message has no attachment ${fileName}`);
      const response = await fetch(`${mailUrl}/api/email/${message.id}/attachment/${stored.generatedFileName}`);
      if (!response.ok) throw new Error(`The attachment ${fileName} answered ${response.status}`);
      return response.text();
    },
    /** A header as the message carries it (from its source: MailDev's JSON keeps only a few), unfolded. */
    async header(message: InboxMessage, name: string): Promise<string | undefined> {
      const source = await (await fetch(`${mailUrl}/api/email/${message.id}/source`)).text();
      const head = source.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      const line = head
        .split(/\r?\n/)
        .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      return line?.slice(name.length + 1).trim();
    },
  };
}
