/**
 * The social-wallet (Lens) GraphQL operations the app sends (docs/product.md § Wallets and
 * tokens): challenge, authenticate, account, post, comment, follow, unfollow, posts.
 */

export const CHALLENGE = /* GraphQL */ `
  mutation Challenge($address: String!) {
    challenge(request: { address: $address }) {
      id
      text
    }
  }
`;

export const AUTHENTICATE = /* GraphQL */ `
  mutation Authenticate($id: String!, $signature: String!) {
    authenticate(request: { id: $id, signature: $signature }) {
      accessToken
      refreshToken
    }
  }
`;

export const ACCOUNT = /* GraphQL */ `
  query Account($address: String!) {
    account(request: { address: $address }) {
      address
      username
      ownedBy
      metadata {
        name
        bio
        picture
      }
      stats {
        followers
        following
        posts
      }
      operations {
        canFollow
        isFollowedByMe
      }
    }
  }
`;

export const POST = /* GraphQL */ `
  mutation Post($contentUri: String!, $actions: [String!]) {
    post(request: { contentUri: $contentUri, actions: $actions }) {
      id
      txHash
    }
  }
`;

export const COMMENT = /* GraphQL */ `
  mutation Comment($commentOn: String!, $contentUri: String!) {
    comment(request: { commentOn: $commentOn, contentUri: $contentUri }) {
      id
      txHash
    }
  }
`;

export const FOLLOW = /* GraphQL */ `
  mutation Follow($account: String!) {
    follow(request: { account: $account }) {
      txHash
    }
  }
`;

export const UNFOLLOW = /* GraphQL */ `
  mutation Unfollow($account: String!) {
    unfollow(request: { account: $account }) {
      txHash
    }
  }
`;

export const POSTS = /* GraphQL */ `
  query Posts($limit: Int!, $orderBy: PostsOrderBy!, $cursor: String) {
    posts(request: { limit: $limit, orderBy: $orderBy, cursor: $cursor }) {
      items {
        id
        content
        timestamp
        author {
          address
          username
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
      pageInfo {
        next
        prev
      }
    }
  }
`;
