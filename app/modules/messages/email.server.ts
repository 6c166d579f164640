import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { createTransport } from "nodemailer";
import { isPlainEmailAddress, type EmailConfig, type Mailbox } from "../../config.server";
import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { outboxMessages } from "./schema.server";

/** One e-mail as the outbox hands it to a provider. */
export interface EmailMessage {
  /** one plain address */
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Delivers one e-mail. Providers: `console` (demo mode only) and `smtp` (nodemailer). */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

class EmailDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmailDeliveryError";
  }
}

/**
 * Demo-mode provider: prints one line and sends nothing. The whole message (to, subject, text, html)
 * is already in its outbox row, which the worker marks sent; /dev/outbox?email= reads it from there
 * (`readEmailOutbox`). Never used in live mode (the configuration refuses it).
 */
export function consoleEmailProvider(from: Mailbox): EmailProvider {
  return {
    name: "console",
    async send(message) {
      assertRecipient(message.to);
      getLogger().info(
        `E-mail to ${message.to} from ${formatMailbox(from)}: "${message.subject}" (text ${message.text.length} characters${message.html ? `, html ${message.html.length}` : ""})`,
      );
    },
  };
}

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 (nodemailer's connection URL) */
  url: string;
  from: Mailbox;
  /** refuse to send unless the server upgrades the connection with STARTTLS */
  requireTLS?: boolean;
  /** for connecting, the greeting and each silence on the socket; the outbox's lease is 2 minutes */
  timeoutMs?: number;
}

/**
 * SMTP through nodemailer. One connection per message: the outbox sends a handful a minute, and a
 * pool would need closing at shutdown. A refusal (4xx or 5xx) or an unreachable server becomes an
 * EmailDeliveryError that names the SMTP code but never the URL (it carries the credentials); the
 * outbox then retries the row later.
 */
export function smtpEmailProvider(options: SmtpOptions): EmailProvider {
  const timeout = options.timeoutMs ?? 20_000;
  const transport = createTransport({
    url: options.url,
    requireTLS: options.requireTLS ?? false,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
    logger: false,
    debug: false,
  });
  const host = safeHost(options.url);
  return {
    name: "smtp",
    async send(message) {
      assertRecipient(message.to);
      let info: { messageId?: string; accepted?: unknown[]; rejected?: unknown[] };
      try {
        info = await transport.sendMail({
          from: { name: options.from.name ?? "", address: options.from.address },
          // the envelope is given outright, so nothing in a header can add a recipient
          to: message.to,
          envelope: { from: options.from.address, to: [message.to] },
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          textEncoding: "quoted-printable",
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      } catch (error) {
        const e = error as { code?: string; originalCode?: string; responseCode?: number; command?: string };
        // nodemailer reports socket trouble as ESOCKET and keeps the system's code (ECONNREFUSED, ...) beside it
        const code = e.originalCode ?? e.code;
        getLogger().error(
          { host, code, responseCode: e.responseCode, command: e.command },
          "email: the SMTP server did not take the message",
        );
        throw new EmailDeliveryError(
          e.responseCode
            ? `The SMTP server refused the message (${e.responseCode}${e.command ? ` after ${e.command.split(" ")[0]}` : ""})`
            : `The SMTP server could not be reached (${code ?? "connection failed"})`,
        );
      }
      if ((info.rejected?.length ?? 0) > 0 || (info.accepted?.length ?? 0) === 0) {
        getLogger().error({ host }, "email: the SMTP server refused the recipient");
        throw new EmailDeliveryError("The SMTP server refused the recipient");
      }
      getLogger().info({ host, messageId: info.messageId }, "email: sent through SMTP");
    },
  };
}

/** The provider the configuration selects. */
export function emailProviderFor(config: EmailConfig): EmailProvider {
  if (config.provider === "smtp") return smtpEmailProvider(config);
  return consoleEmailProvider(config.from);
}

/** `Saanjh <orders@x.com>`, for logs and the demo page. */
function formatMailbox(mailbox: Mailbox): string {
  return mailbox.name ? `${mailbox.name} <${mailbox.address}>` : mailbox.address;
}

/**
 * The e-mails delivered to one address, newest first: demo mode's outbox page and tests. The console
 * provider keeps nothing of its own; these are the outbox rows the worker marked sent.
 */
export async function readEmailOutbox(
  db: Db,
  address: string,
  limit = 5,
): Promise<Array<{ subject: string; text: string; html: string | null; kind: string; sentAt: Date }>> {
  const rows = await db
    .select({
      subject: outboxMessages.subject,
      text: outboxMessages.body,
      html: outboxMessages.html,
      kind: outboxMessages.kind,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, "email"),
        sql`lower(${outboxMessages.recipient}) = ${address.trim().toLowerCase()}`,
        isNotNull(outboxMessages.sentAt),
      ),
    )
    .orderBy(desc(outboxMessages.sentAt))
    .limit(limit);
  return rows.map((r) => ({
    subject: r.subject ?? "",
    text: r.text,
    html: r.html,
    kind: r.kind,
    sentAt: r.sentAt ?? new Date(0),
  }));
}

function assertRecipient(to: string): void {
  if (!isPlainEmailAddress(to)) throw new EmailDeliveryError("The recipient is not a single e-mail address");
}

/** The server's host and port, without the credentials, for logs. */
function safeHost(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}`;
  } catch {
    return "smtp";
  }
}
