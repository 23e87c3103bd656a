/**
 * Every GraphQL document the app sends to the social-wallet network (Lens API v3; docs/product.md
 * § Wallets and tokens). Each is validated in tests/wallet/lens/documents.test.ts against the
 * schema Lens publishes in @lens-protocol/graphql (pinned), so a field or argument the real API
 * does not have fails there. Every union is asked for with `__typename` and every branch's
 * fields, so the client can give each branch a message or an action.
 */

const ACCOUNT_FIELDS = /* GraphQL */ `
  fragment AccountFields on Account {
    address
    owner
    username {
      localName
      value
    }
    metadata {
      name
      bio
      picture
    }
  }
`;

/** The fields both kinds of transaction request share (their `raw` types differ, so no fragment). */
const RAW_TRANSACTION_FIELDS = `
      type
      to
      from
      nonce
      gasLimit
      maxPriorityFeePerGas
      maxFeePerGas
      data
      value
      chainId`;

/** What a write answers: done (a hash to wait for), refused, or a transaction to sign. */
const TRANSACTION_BRANCHES = /* GraphQL */ `
  ... on SponsoredTransactionRequest {
    reason
    raw {${RAW_TRANSACTION_FIELDS}
      customData {
        gasPerPubdata
        factoryDeps
        customSignature
        paymasterParams {
          paymaster
          paymasterInput
        }
      }
    }
  }
  ... on SelfFundedTransactionRequest {
    reason
    raw {${RAW_TRANSACTION_FIELDS}
    }
  }
  ... on TransactionWillFail {
    reason
  }
`;

/**
 * A write mutation: `call` is the field with its request, `done` the branch that answers a
 * hash, `refused` the branch that answers why not; then the transaction branches.
 */
function writeMutation(signature: string, call: string, done: string, refused: string): string {
  return /* GraphQL */ `
  mutation ${signature} {
    ${call} {
      __typename
      ... on ${done} {
        hash
      }
      ... on ${refused} {
        reason
      }
      ${TRANSACTION_BRANCHES}
    }
  }
`;
}

/** The Lens accounts a wallet owns or manages (sign-in is to one of them). */
export const ACCOUNTS_AVAILABLE = /* GraphQL */ `
  query AccountsAvailable($managedBy: EvmAddress!, $cursor: Cursor) {
    accountsAvailable(request: { managedBy: $managedBy, includeOwned: true, cursor: $cursor }) {
      items {
        __typename
        ... on AccountOwned {
          account {
            ...AccountFields
          }
        }
        ... on AccountManaged {
          account {
            ...AccountFields
          }
        }
      }
      pageInfo {
        next
      }
    }
  }
  ${ACCOUNT_FIELDS}
`;

/** A sign-in challenge as the account's `role` (owner or manager) through `wallet`. */
function challengeMutation(
  name: string,
  role: 'accountOwner' | 'accountManager',
  wallet: 'owner' | 'manager',
): string {
  return /* GraphQL */ `
  mutation ${name}($app: EvmAddress, $account: EvmAddress!, $${wallet}: EvmAddress!) {
    challenge(request: { ${role}: { app: $app, account: $account, ${wallet}: $${wallet} } }) {
      id
      text
    }
  }
`;
}

/**
 * Sign-in challenge as the account's owner (the wallet that owns the Lens account). `$app` is
 * the app's own Lens app address when one is configured; left out, Lens' default app is used
 * (the schema's default for the field).
 */
export const CHALLENGE_AS_OWNER = challengeMutation('ChallengeAsOwner', 'accountOwner', 'owner');

/** Sign-in challenge as one of the account's managers. */
export const CHALLENGE_AS_MANAGER = challengeMutation(
  'ChallengeAsManager',
  'accountManager',
  'manager',
);

/** The tokens a sign-in or a refresh answers. */
const TOKENS_BRANCH = /* GraphQL */ `
      ... on AuthenticationTokens {
        accessToken
        refreshToken
        idToken
      }`;

export const AUTHENTICATE = /* GraphQL */ `
  mutation Authenticate($id: UUID!, $signature: AuthenticationSignature!) {
    authenticate(request: { id: $id, signature: $signature }) {
      __typename${TOKENS_BRANCH}
      ... on WrongSignerError {
        reason
      }
      ... on ExpiredChallengeError {
        reason
      }
      ... on ForbiddenError {
        reason
      }
    }
  }
`;

/** New tokens for a session whose access token expired (the refresh token is single-use). */
export const REFRESH = /* GraphQL */ `
  mutation Refresh($refreshToken: RefreshToken!) {
    refresh(request: { refreshToken: $refreshToken }) {
      __typename${TOKENS_BRANCH}
      ... on ForbiddenError {
        reason
      }
    }
  }
`;

/** An account and its counts (accountStats: followers and following on the global graph). */
export const ACCOUNT = /* GraphQL */ `
  query Account($address: EvmAddress!) {
    account(request: { address: $address }) {
      ...AccountFields
      operations {
        isFollowedByMe
      }
    }
    accountStats(request: { account: $address }) {
      graphFollowStats {
        followers
        following
      }
      feedStats {
        posts
      }
    }
  }
  ${ACCOUNT_FIELDS}
`;

export const POST = writeMutation(
  'Post($contentUri: URI!)',
  'post(request: { contentUri: $contentUri })',
  'PostResponse',
  'PostOperationValidationFailed',
);

/** A comment is a post with commentOn (v3 has no comment mutation). */
export const COMMENT = writeMutation(
  'Comment($contentUri: URI!, $commentOn: PostId!)',
  'post(request: { contentUri: $contentUri, commentOn: { post: $commentOn } })',
  'PostResponse',
  'PostOperationValidationFailed',
);

export const FOLLOW = writeMutation(
  'Follow($account: EvmAddress!)',
  'follow(request: { account: $account })',
  'FollowResponse',
  'AccountFollowOperationValidationFailed',
);

export const UNFOLLOW = writeMutation(
  'Unfollow($account: EvmAddress!)',
  'unfollow(request: { account: $account })',
  'UnfollowResponse',
  'AccountFollowOperationValidationFailed',
);

/** Where a sent transaction is: the post it made has no id until Lens has indexed it. */
export const TRANSACTION_STATUS = /* GraphQL */ `
  query TransactionStatus($txHash: TxHash!) {
    transactionStatus(request: { txHash: $txHash }) {
      __typename
      ... on NotIndexedYetStatus {
        reason
        txHasMined
      }
      ... on PendingTransactionStatus {
        blockTimestamp
      }
      ... on FinishedTransactionStatus {
        blockTimestamp
      }
      ... on FailedTransactionStatus {
        reason
      }
    }
  }
`;

/** The post a transaction made, once indexed. */
export const POST_BY_TRANSACTION = /* GraphQL */ `
  query PostByTransaction($txHash: TxHash!) {
    post(request: { txHash: $txHash }) {
      __typename
      ... on Post {
        id
      }
      ... on Repost {
        id
      }
    }
  }
`;

export const POSTS = /* GraphQL */ `
  query Posts($pageSize: PageSize!, $cursor: Cursor) {
    posts(request: { pageSize: $pageSize, cursor: $cursor }) {
      items {
        __typename
        ... on Post {
          id
          timestamp
          author {
            ...PostAuthor
          }
          metadata {
            __typename
            ... on TextOnlyMetadata {
              content
            }
          }
          stats {
            comments
            reposts
            quotes
            reactions
            collects
            bookmarks
          }
        }
        ... on Repost {
          id
          timestamp
          author {
            ...PostAuthor
          }
        }
      }
      pageInfo {
        next
        prev
      }
    }
  }
  fragment PostAuthor on Account {
    address
    username {
      localName
    }
  }
`;
