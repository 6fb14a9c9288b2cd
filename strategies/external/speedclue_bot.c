/*
 * A SpeedClue bot in C for the sadakatsu contest's server, written from its protocol description.
 *
 *     cc -O2 -o speedclue_bot speedclue_bot.c && ./speedclue_bot <identifier> <port>
 *
 * It connects to 127.0.0.1:<port>, says "<identifier> alive" and answers each message in turn
 * until "done", which it answers with "dead". Messages are raw text, one per read; its replies
 * carry their C string's terminating NUL, which the protocol allows.
 *
 * It suggests the first triple it has not suggested that names the most cards it has not seen,
 * accuses a suggestion of its own that nobody disproved and that names none of its cards, and
 * disproves with the first matching card it holds.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#define CARDS 21
#define SUSPECTS 6
#define WEAPONS 6
#define ROOMS 9

static const char *CODES[CARDS] = {"Gr", "Mu", "Pe", "Pl", "Sc", "Wh", "Ca", "Kn", "Pi", "Re", "Ro",
                                   "Wr", "Ba", "Bi", "Co", "Di", "Ha", "Ki", "Li", "Lo", "St"};

static int seat = -1;
static int held[CARDS];
static int seen[CARDS];
static int suggested[SUSPECTS][WEAPONS][ROOMS];
static int known[3];
static int have_known = 0;

static int card_of(const char *code) {
  for (int card = 0; card < CARDS; card++)
    if (code != NULL && strcasecmp(code, CODES[card]) == 0) return card;
  return -1;
}

static void reply(int sock, const char *text) {
  /* The terminating NUL goes too: the server strips it. */
  if (send(sock, text, strlen(text) + 1, 0) < 0) exit(1);
}

/* "reset <players> <seat> <cards>...": a new game. */
static void on_reset(char *rest) {
  strtok(rest, " ");
  strtok(NULL, " ");
  seat = atoi(strtok(NULL, " "));
  memset(held, 0, sizeof held);
  memset(seen, 0, sizeof seen);
  memset(suggested, 0, sizeof suggested);
  have_known = 0;
  for (char *code = strtok(NULL, " "); code != NULL; code = strtok(NULL, " ")) {
    int card = card_of(code);
    if (card >= 0) held[card] = seen[card] = 1;
  }
}

static void suggest(char *out) {
  int best = -1, bs = 0, bw = 0, br = 0;
  for (int s = 0; s < SUSPECTS; s++)
    for (int w = 0; w < WEAPONS; w++)
      for (int r = 0; r < ROOMS; r++) {
        if (suggested[s][w][r]) continue;
        int unseen = !seen[s] + !seen[SUSPECTS + w] + !seen[SUSPECTS + WEAPONS + r];
        if (unseen > best) best = unseen, bs = s, bw = w, br = r;
      }
  suggested[bs][bw][br] = 1;
  sprintf(out, "suggest %s %s %s", CODES[bs], CODES[SUSPECTS + bw], CODES[SUSPECTS + WEAPONS + br]);
}

static void on_disprove(char *rest, char *out) {
  strtok(rest, " ");
  for (char *code = strtok(NULL, " "); code != NULL; code = strtok(NULL, " ")) {
    int card = card_of(code);
    if (card >= 0 && held[card]) {
      sprintf(out, "show %s", CODES[card]);
      return;
    }
  }
  strcpy(out, "show ??");
}

/* "suggestion <player> S W R <disprover>|- [card]": what its own suggestions taught it. */
static void on_suggestion(char *rest) {
  strtok(rest, " ");
  int player = atoi(strtok(NULL, " "));
  int cards[3];
  for (int i = 0; i < 3; i++) cards[i] = card_of(strtok(NULL, " "));
  char *disprover = strtok(NULL, " ");
  char *shown = strtok(NULL, " ");
  if (player != seat || disprover == NULL) return;
  if (shown != NULL && card_of(shown) >= 0) seen[card_of(shown)] = 1;
  if (strcmp(disprover, "-") == 0 && !held[cards[0]] && !held[cards[1]] && !held[cards[2]]) {
    memcpy(known, cards, sizeof known);
    have_known = 1;
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s <identifier> <port>\n", argv[0]);
    return 2;
  }
  int sock = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in address = {0};
  address.sin_family = AF_INET;
  address.sin_port = htons((unsigned short)atoi(argv[2]));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int on = 1;
  setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  if (connect(sock, (struct sockaddr *)&address, sizeof address) < 0) {
    perror("connect");
    return 1;
  }
  char message[513], out[64];
  snprintf(out, sizeof out, "%s alive", argv[1]);
  reply(sock, out);
  for (;;) {
    ssize_t length = recv(sock, message, sizeof message - 1, 0);
    if (length <= 0) return 0;
    message[length] = '\0';
    if (strncasecmp(message, "reset", 5) == 0) {
      on_reset(message);
      reply(sock, "ok");
    } else if (strcasecmp(message, "suggest") == 0) {
      suggest(out);
      reply(sock, out);
    } else if (strncasecmp(message, "disprove", 8) == 0) {
      on_disprove(message, out);
      reply(sock, out);
    } else if (strncasecmp(message, "suggestion", 10) == 0) {
      on_suggestion(message);
      reply(sock, "ok");
    } else if (strcasecmp(message, "accuse") == 0) {
      if (have_known)
        sprintf(out, "accuse %s %s %s", CODES[known[0]], CODES[known[1]], CODES[known[2]]);
      else
        strcpy(out, "-");
      reply(sock, out);
    } else if (strncasecmp(message, "accusation", 10) == 0) {
      reply(sock, "ok");
    } else if (strcasecmp(message, "done") == 0) {
      reply(sock, "dead");
      close(sock);
      return 0;
    } else {
      fprintf(stderr, "ignoring a message not in the protocol: %s\n", message);
    }
  }
}
